/**
 * The spreadsheet pieces every Excel screen shares: the template download, the .xlsx picker
 * that starts an import, and the row-by-row report of a refused file (imports are all rows or
 * none, so a refusal lists every bad cell at once). The caller names things in its own words.
 */
import { FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Modal, Table, Upload } from 'antd';
import { useState } from 'react';
import { importReportOf, type ImportReportRow } from '@api/modules/catalog.js';
import { useFeedback } from './feedback.js';

export interface ImportReport {
  message: string;
  rows: ImportReportRow[];
}

/** A refused file's report, for the dialog; any other failure goes to the usual feedback. */
export function useImportReport() {
  const feedback = useFeedback();
  const [report, setReport] = useState<ImportReport | null>(null);
  const showFailure = (error: unknown) => {
    const rows = importReportOf(error);
    if (rows.length > 0) setReport({ message: error instanceof Error ? error.message : '', rows });
    else feedback.failed(error);
  };
  return { report, showFailure, closeReport: () => setReport(null) };
}

/** Downloads the import template; a failed download has already been reported by the client. */
export function TemplateButton({ label, onDownload }: { label: string; onDownload: () => Promise<unknown> }) {
  return (
    <Button icon={<FileExcelOutlined />} onClick={() => void onDownload().catch(() => undefined)}>
      {label}
    </Button>
  );
}

/** Picks an .xlsx file and hands it over; the file is never uploaded by antd itself. */
export function ImportButton({
  label,
  isImporting,
  onFile,
}: {
  label: string;
  isImporting: boolean;
  onFile: (file: File) => void;
}) {
  return (
    <Upload
      accept=".xlsx"
      showUploadList={false}
      beforeUpload={(file) => {
        onFile(file);
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={isImporting}>
        {label}
      </Button>
    </Upload>
  );
}

export function ImportReportModal({
  report,
  labels,
  onClose,
}: {
  report: ImportReport | null;
  labels: { title: string; row: string; column: string; problem: string };
  onClose: () => void;
}) {
  return (
    <Modal open={report !== null} title={labels.title} width={760} footer={null} onCancel={onClose}>
      <p>{report?.message}</p>
      <Table<ImportReportRow & { key: number }>
        rowKey="key"
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={report?.rows.map((row, index) => ({ ...row, key: index }))}
        columns={[
          { title: labels.row, dataIndex: 'row', width: 80 },
          {
            title: labels.column,
            dataIndex: 'column',
            width: 180,
            render: (value: string | null | undefined) => value ?? '-',
          },
          { title: labels.problem, dataIndex: 'message' },
        ]}
      />
    </Modal>
  );
}
