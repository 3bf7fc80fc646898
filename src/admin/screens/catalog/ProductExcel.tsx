/**
 * The spreadsheet side of the product screen (issue 4): the import template, export of what
 * the filter finds, and import — all rows or none; a refused file shows its row-by-row report.
 */
import { DownloadOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  downloadProductTemplate,
  exportProducts,
  importProducts,
  importReportOf,
  type ImportReportRow,
  type ProductFilter,
} from '../../../api/modules/catalog.js';
import { queryKeys } from '../../../api/query-keys.js';
import { useFeedback } from '../common/feedback.js';

export function ProductExcel({
  filter,
  canImport,
}: {
  filter: Omit<ProductFilter, 'pageNo' | 'pageSize'>;
  canImport: boolean;
}) {
  const { t } = useTranslation('inventory');
  const { message } = App.useApp();
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [report, setReport] = useState<{ message: string; rows: ImportReportRow[] } | null>(null);

  const run = async (kind: 'export' | 'import', work: () => Promise<void>) => {
    setBusy(kind);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };

  const handleImport = (file: File) =>
    run('import', async () => {
      try {
        const reply = await importProducts(file);
        const { productsCreated, productsUpdated, skusCreated, skusUpdated } = reply.result;
        message.success(
          t('product.import_done', {
            products: productsCreated + productsUpdated,
            skus: skusCreated + skusUpdated,
          }),
        );
        await queryClient.invalidateQueries({ queryKey: queryKeys.inventory.all });
      } catch (error) {
        const rows = importReportOf(error);
        if (rows.length > 0) setReport({ message: error instanceof Error ? error.message : '', rows });
        else feedback.failed(error);
      }
    });

  return (
    <>
      <Button
        icon={<FileExcelOutlined />}
        onClick={() => void downloadProductTemplate().catch(() => undefined)}
      >
        {t('product.excel_template')}
      </Button>
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'export'}
        onClick={() =>
          void run('export', async () => void (await exportProducts(filter).catch(() => undefined)))
        }
      >
        {t('product.excel_export')}
      </Button>
      {canImport && (
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            void handleImport(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy === 'import'}>
            {t('product.excel_import')}
          </Button>
        </Upload>
      )}
      <Modal
        open={report !== null}
        title={t('product.import_failed_title')}
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
            { title: t('product.import_row'), dataIndex: 'row', width: 80 },
            {
              title: t('product.import_column'),
              dataIndex: 'column',
              width: 160,
              render: (value) => value ?? '-',
            },
            { title: t('product.import_problem'), dataIndex: 'message' },
          ]}
        />
      </Modal>
    </>
  );
}
