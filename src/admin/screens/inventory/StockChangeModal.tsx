/**
 * Changing stock by hand for the selected rows: adjust (a signed correction at a location, with
 * a reason, confirmed before it is sent), freeze or unfreeze (available ⇄ frozen) with the
 * warning that frozen stock can block an order from leaving the warehouse.
 */
import { Alert, App, Form, Input, InputNumber, Modal, Table, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { adjustStock, freezeStock, unfreezeStock, useInventoryChange } from '@api/modules/inventory.js';
import { adjustBody, freezeBody, type StockRow } from '@shared/contract/inventory.js';
import { STOCK_LIMITS } from '@shared/domain/stock.js';
import { FormFailure, useFormSubmit } from '../common/feedback.js';
import { contractRule, maxLength, required } from '../common/rules.js';
import { LocationSelect } from './LocationSelect.js';

export type StockChangeMode = 'adjust' | 'freeze' | 'unfreeze';

interface RowValues {
  quantity?: number;
  locationId?: string;
}

interface ChangeValues {
  rows: RowValues[];
  reason: string;
}

const keyOf = (row: StockRow) => `${row.warehouseId}:${row.skuId}`;

export function StockChangeModal({
  mode,
  rows,
  onClose,
}: {
  mode: StockChangeMode | null;
  rows: StockRow[];
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation('inventory');
  const { modal } = App.useApp();
  const [form] = Form.useForm<ChangeValues>();
  const adjust = useInventoryChange(adjustStock);
  const freeze = useInventoryChange(freezeStock);
  const unfreeze = useInventoryChange(unfreezeStock);

  useEffect(() => {
    if (mode) form.setFieldsValue({ rows: rows.map(() => ({})), reason: '' });
  }, [form, mode, rows]);

  const send = async (values: ChangeValues) => {
    const reason = values.reason.trim();
    let last = null;
    for (const [index, row] of rows.entries()) {
      const entry = values.rows[index] ?? {};
      const quantity = entry.quantity ?? 0;
      const base = { warehouseId: row.warehouseId, skuId: row.skuId, quantity, reason };
      if (mode === 'adjust') last = await adjust.mutateAsync({ ...base, locationId: entry.locationId ?? '' });
      else if (mode === 'freeze') last = await freeze.mutateAsync(base);
      else last = await unfreeze.mutateAsync(base);
    }
    if (!last) throw new Error('nothing to change');
    return last;
  };

  const { submit, failure, isSaving, clearFailure } = useFormSubmit(form, send, () => onClose(true));

  /** Adjustments are confirmed first; freezing shows its warning in the form. */
  const handleOk = async () => {
    if (mode !== 'adjust') return submit();
    let values: ChangeValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    modal.confirm({
      title: t('stock.adjust_confirm_title'),
      content: t('stock.adjust_confirm', {
        count: rows.length,
        skus: rows.map((row, index) => `${row.sellerSku} ${signed(values.rows[index]?.quantity)}`).join(', '),
      }),
      okText: t('stock.adjust'),
      cancelText: t('common.cancel'),
      onOk: submit,
    });
  };

  /** The contract's quantity for a row: signed for an adjustment, else at most what can be frozen or unfrozen. */
  const quantitySchema = (row: StockRow) =>
    mode === 'adjust'
      ? adjustBody.shape.quantity
      : freezeBody.shape.quantity.max(mode === 'freeze' ? row.available : row.frozen);
  const quantityRules = (row: StockRow) => [
    { required: true, message: t('stock.quantity_required') },
    ...(mode === 'adjust'
      ? [
          {
            validator: (_rule: unknown, value: unknown) =>
              value === 0 ? Promise.reject(new Error(t('stock.quantity_non_zero'))) : Promise.resolve(),
          },
        ]
      : []),
    contractRule(t, quantitySchema(row), t('stock.quantity')),
  ];

  return (
    <Modal
      open={mode !== null}
      title={mode ? t(`stock.${mode}_title`) : ''}
      width={760}
      okText={mode ? t(`stock.${mode}`) : ''}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: mode === 'freeze' }}
      confirmLoading={isSaving}
      onOk={() => void handleOk()}
      onCancel={() => {
        clearFailure();
        onClose(false);
      }}
      destroyOnHidden
    >
      <FormFailure text={failure} />
      {(mode === 'freeze' || mode === 'unfreeze') && (
        <Alert type="warning" showIcon message={t('stock.freeze_warning')} style={{ marginBottom: 16 }} />
      )}
      <Form form={form} name="stock_change" layout="vertical" preserve={false}>
        <Table<StockRow>
          rowKey={keyOf}
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: t('stock.sku'), dataIndex: 'sellerSku', width: 140 },
            { title: t('stock.warehouse'), dataIndex: 'warehouseCode', width: 100 },
            {
              title: mode === 'unfreeze' ? t('stock.frozen') : t('stock.available'),
              dataIndex: mode === 'unfreeze' ? 'frozen' : 'available',
              width: 90,
            },
            ...(mode === 'adjust'
              ? [
                  {
                    title: t('stock.location'),
                    key: 'location',
                    width: 180,
                    render: (_value: unknown, row: StockRow, index: number) => (
                      <Form.Item
                        name={['rows', index, 'locationId']}
                        rules={[{ required: true, message: t('location.pick') }]}
                        style={{ margin: 0 }}
                      >
                        <LocationSelect warehouseId={row.warehouseId} style={{ width: 170 }} />
                      </Form.Item>
                    ),
                  },
                ]
              : []),
            {
              title: mode === 'adjust' ? t('stock.adjust_quantity') : t('stock.quantity'),
              key: 'quantity',
              render: (_value: unknown, row: StockRow, index: number) => (
                <Form.Item
                  name={['rows', index, 'quantity']}
                  rules={quantityRules(row)}
                  validateFirst
                  style={{ margin: 0 }}
                >
                  {/* No min or max: antd would clamp what was typed; the contract's rule refuses it. */}
                  <InputNumber aria-label={t('stock.quantity')} style={{ width: 130 }} />
                </Form.Item>
              ),
            },
          ]}
        />
        {mode === 'adjust' && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('stock.adjust_hint')}
          </Typography.Paragraph>
        )}
        <Form.Item
          name="reason"
          label={t('stock.reason')}
          rules={[required(t, t('stock.reason')), maxLength(t, STOCK_LIMITS.reason)]}
          style={{ marginTop: 16 }}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function signed(quantity: number | undefined): string {
  if (quantity === undefined) return '';
  return quantity > 0 ? `+${quantity}` : String(quantity);
}
