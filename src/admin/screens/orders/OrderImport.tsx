/**
 * Orders from Excel, for the order list's toolbar: a button (for those who may enter
 * orders) opening the import — the template, the seller the orders are for (agents and
 * administrators), whether to approve them at once (for those who review orders), and the file.
 * The whole file is imported or nothing; a refused file shows its row-by-row report.
 */
import { ImportOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadOrderTemplate, importOrders } from '@api/modules/order-import.js';
import { queryKeys } from '@api/query-keys.js';
import type { OrderImportSummary } from '@shared/contract/order-sheet.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { hasAuth } from '../auth.js';
import { ImportButton, ImportReportModal, TemplateButton, useImportReport } from '../common/SheetImport.js';
import { isSellerSide, SellerSelect } from '../inventory/shared.js';

export interface OrderImportButtonProps {
  /** After a file was imported (the order lists are refreshed already). */
  onImported?: (summary: OrderImportSummary) => void;
}

/** The toolbar button; nothing for those who may not enter orders. */
export function OrderImportButton(props: OrderImportButtonProps) {
  return hasAuth(PERMISSIONS.orderAdd) ? <OrderImport {...props} /> : null;
}

function OrderImport({ onImported }: OrderImportButtonProps) {
  const { t } = useTranslation('order-import');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const me = useSessionUser();
  const { report, showFailure, closeReport } = useImportReport();
  const [isOpen, setIsOpen] = useState(false);
  const [isImporting, setIsImporting] = useState(false);
  const [sellerId, setSellerId] = useState<string | undefined>();
  const [passReview, setPassReview] = useState(false);
  const forSeller = isSellerSide(me?.userRole);
  const canReview = hasAuth(PERMISSIONS.orderReview);

  const handleFile = async (file: File) => {
    if (!forSeller && !sellerId) {
      void message.error(t('ui.seller_required'));
      return;
    }
    setIsImporting(true);
    try {
      const reply = await importOrders(file, {
        sellerId: forSeller ? undefined : sellerId,
        passReview: canReview && passReview,
      });
      const summary = reply.result;
      const done = t('ui.done', { orders: summary.orders, lines: summary.lines });
      void message.success(
        summary.reviewed > 0
          ? `${done}; ${t('ui.done_reviewed', { reviewed: summary.reviewed, outOfStock: summary.outOfStock })}`
          : done,
      );
      setIsOpen(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.inventory.all });
      onImported?.(summary);
    } catch (error) {
      showFailure(error);
    } finally {
      setIsImporting(false);
    }
  };

  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setIsOpen(true)}>
        {t('ui.button')}
      </Button>
      <Modal
        open={isOpen}
        title={t('ui.title')}
        footer={null}
        onCancel={() => setIsOpen(false)}
        destroyOnHidden
      >
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('ui.hint')}
          </Typography.Paragraph>
          <TemplateButton label={t('ui.template')} onDownload={downloadOrderTemplate} />
          {!forSeller && (
            <Form.Item label={t('ui.seller')} required style={{ marginBottom: 0 }}>
              <SellerSelect
                value={sellerId}
                onChange={(value) => setSellerId(value)}
                placeholder={t('ui.seller_placeholder')}
                aria-label={t('ui.seller')}
                style={{ width: '100%' }}
              />
            </Form.Item>
          )}
          {canReview && (
            <Checkbox checked={passReview} onChange={(event) => setPassReview(event.target.checked)}>
              {t('ui.pass_review')}
            </Checkbox>
          )}
          <ImportButton
            label={t('ui.upload')}
            isImporting={isImporting}
            onFile={(file) => void handleFile(file)}
          />
        </Space>
      </Modal>
      <ImportReportModal
        report={report}
        labels={{
          title: t('ui.report_title'),
          row: t('ui.report_row'),
          column: t('ui.report_column'),
          problem: t('ui.report_problem'),
        }}
        onClose={closeReport}
      />
    </>
  );
}
