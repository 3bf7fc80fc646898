/**
 * The box list spreadsheet in the new inbound order drawer: the template (its header in the
 * interface language) and an import that fills the form's boxes, replacing them or appended
 * after them as the user chose. Nothing is saved until the form is; a refused file shows its
 * row-by-row report and leaves the form as it was.
 */
import { App, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBoxListTemplate, importBoxList } from '@api/modules/inbound.js';
import type { ImportedBoxList } from '@shared/contract/inbound.js';
import { ImportButton, ImportReportModal, TemplateButton, useImportReport } from '../common/SheetImport.js';

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
  const { report, showFailure, closeReport } = useImportReport();
  const [mode, setMode] = useState<ImportMode>('replace');
  const [isImporting, setIsImporting] = useState(false);

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
      showFailure(error);
    } finally {
      setIsImporting(false);
    }
  };

  return (
    <Space direction="vertical" size={4} style={{ width: '100%', marginBottom: 12 }}>
      <Space wrap>
        <TemplateButton label={t('excel.template')} onDownload={downloadBoxListTemplate} />
        <ImportButton
          label={t('excel.import')}
          isImporting={isImporting}
          onFile={(file) => void handleImport(file)}
        />
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
      <ImportReportModal
        report={report}
        labels={{
          title: t('excel.report_title'),
          row: t('excel.report_row'),
          column: t('excel.report_column'),
          problem: t('excel.report_problem'),
        }}
        onClose={closeReport}
      />
    </Space>
  );
}
