/**
 * The spreadsheet side of the product screen: the import template, export of what
 * the filter finds (a download task: the file appears in the download list), and import — all rows or none; a refused file shows its row-by-row report.
 */
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadProductTemplate, importProducts, type ProductFilter } from '@api/modules/catalog.js';
import { queryKeys } from '@api/query-keys.js';
import { ExportTaskButton } from '../common/ExportTaskButton.js';
import { ImportButton, ImportReportModal, TemplateButton, useImportReport } from '../common/SheetImport.js';

export function ProductExcel({
  filter,
  canImport,
}: {
  filter: Omit<ProductFilter, 'pageNo' | 'pageSize'>;
  canImport: boolean;
}) {
  const { t } = useTranslation('inventory');
  const { message } = App.useApp();
  const { report, showFailure, closeReport } = useImportReport();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'import' | null>(null);

  const run = async (kind: 'import', work: () => Promise<void>) => {
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
        showFailure(error);
      }
    });

  return (
    <>
      <TemplateButton label={t('product.excel_template')} onDownload={downloadProductTemplate} />
      <ExportTaskButton
        request={{ kind: 'products', filters: { ...filter } }}
        label={t('product.excel_export')}
      />
      {canImport && (
        <ImportButton
          label={t('product.excel_import')}
          isImporting={busy === 'import'}
          onFile={(file) => void handleImport(file)}
        />
      )}
      <ImportReportModal
        report={report}
        labels={{
          title: t('product.import_failed_title'),
          row: t('product.import_row'),
          column: t('product.import_column'),
          problem: t('product.import_problem'),
        }}
        onClose={closeReport}
      />
    </>
  );
}
