/**
 * The box list spreadsheet in the new inbound order drawer: the template (its header in the
 * interface language) and an import that fills the form's boxes, replacing them or appended
 * after them as the user chose. Nothing is saved until the form is; a refused file shows its
 * row-by-row report and leaves the form as it was.
 */
import { FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Modal, Radio, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importReportOf, type ImportReportRow } from '../../../api/modules/catalog.js';
import { downloadBoxListTemplate, importBoxList } from '../../../api/modules/inbound.js';
import type { ImportedBoxList } from '../../../shared/contract/inbound.js';
import { useFeedback } from '../common/feedback.js';

export type ImportMode = 'replace' | 'append';
export type ImportedBoxes = ImportedBoxList['boxes'];

export function BoxListExcel({
  onImport,
}: {
  /** Puts the boxes in the form; answers why it could not, or null when done. */
  onImport: (boxes: ImportedBoxes, mode: ImportMode) => string | null;
}) {
  const { t } = useTranslation('inbound');
  const { message } = App.useApp();
  const feedback = useFeedback();
  const [mode, setMode] = useState<ImportMode>('replace');
  const [isImporting, setIsImporting] = useState(false);
  const [report, setReport] = useState<{ message: string; rows: ImportReportRow[] } | null>(null);

  const handleImport = async (file: File) => {
    setIsImporting(true);
    try {
      const reply = await importBoxList(file);
      const { boxes } = reply.result;
      const refusal = onImport(boxes, mode);
      if (refusal) {
        void message.error(refusal);
        return;
      }
      const lines = boxes.reduce((sum, box) => sum + box.lines.length, 0);
      void message.success(t(`excel.imported_${mode}`, { boxes: boxes.length, lines }));
    } catch (error) {
      const rows = importReportOf(error);
      if (rows.length > 0) setReport({ message: error instanceof Error ? error.message : '', rows });
      else feedback.failed(error);
    } finally {
      setIsImporting(false);
    }
  };

  return (
    <Space direction="vertical" size={4} style={{ width: '100%', marginBottom: 12 }}>
      <Space wrap>
        <Button
          icon={<FileExcelOutlined />}
          onClick={() => void downloadBoxListTemplate().catch(() => undefined)}
        >
          {t('excel.template')}
        </Button>
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            void handleImport(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={isImporting}>
            {t('excel.import')}
          </Button>
        </Upload>
        <Radio.Group
          value={mode}
          optionType="button"
          size="small"
          onChange={(event) => setMode(event.target.value as ImportMode)}
          options={[
            { value: 'replace', label: t('excel.mode_replace') },
            { value: 'append', label: t('excel.mode_append') },
          ]}
        />
      </Space>
      <Typography.Text type="secondary">{t('excel.mode_hint')}</Typography.Text>
      <Modal
        open={report !== null}
        title={t('excel.report_title')}
        width={760}
        footer={null}
        onCancel={() => setReport(null)}
      >
        <p>{report?.message}</p>
        <Table<ImportReportRow & { key: number }>
          rowKey="key"
          size="small"
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          dataSource={report?.rows.map((row, index) => ({ ...row, key: index }))}
          columns={[
            { title: t('excel.report_row'), dataIndex: 'row', width: 70 },
            {
              title: t('excel.report_column'),
              dataIndex: 'column',
              width: 180,
              render: (value: string | null | undefined) => value ?? '-',
            },
            { title: t('excel.report_problem'), dataIndex: 'message' },
          ]}
        />
      </Modal>
    </Space>
  );
}
