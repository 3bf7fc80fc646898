/** Moving units of one SKU from its location to another location of the same warehouse. */
import { Descriptions, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { moveStock, useInventoryChange } from '@api/modules/inventory.js';
import { moveBody, type LocationStockRow } from '@shared/contract/inventory.js';
import { STOCK_LIMITS } from '@shared/domain/stock.js';
import { FormFailure, useFormSubmit } from '../common/feedback.js';
import { contractRule, maxLength, requiredChoice } from '../common/rules.js';
import { LocationSelect } from './LocationSelect.js';

interface MoveValues {
  toLocationId: string;
  quantity: number;
  reason?: string;
}

export function MoveModal({ row, onClose }: { row: LocationStockRow | null; onClose: () => void }) {
  const { t } = useTranslation('inventory');
  const [form] = Form.useForm<MoveValues>();
  const move = useInventoryChange(moveStock);
  const { submit, failure, isSaving, clearFailure } = useFormSubmit(
    form,
    (values) =>
      move.mutateAsync({
        warehouseId: row?.warehouseId ?? '',
        skuId: row?.skuId ?? '',
        fromLocationId: row?.locationId ?? '',
        toLocationId: values.toLocationId,
        quantity: values.quantity,
        reason: values.reason?.trim() ?? '',
      }),
    onClose,
  );
  return (
    <Modal
      open={row !== null}
      title={t('location_stock.move_title')}
      okText={t('location_stock.move')}
      cancelText={t('common.cancel')}
      confirmLoading={isSaving}
      onOk={() => void submit()}
      onCancel={() => {
        clearFailure();
        onClose();
      }}
      destroyOnHidden
    >
      <FormFailure text={failure} />
      {row && (
        <>
          <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('stock.sku')}>{row.sellerSku}</Descriptions.Item>
            <Descriptions.Item label={t('stock.warehouse')}>{row.warehouseCode}</Descriptions.Item>
            <Descriptions.Item label={t('location_stock.from')}>{row.locationCode}</Descriptions.Item>
            <Descriptions.Item label={t('location_stock.quantity')}>{row.quantity}</Descriptions.Item>
          </Descriptions>
          <Form form={form} name="move" layout="vertical" preserve={false}>
            <Form.Item
              name="toLocationId"
              label={t('location_stock.to')}
              rules={[requiredChoice(t, t('location_stock.to'))]}
            >
              <LocationSelect warehouseId={row.warehouseId} exclude={row.locationId} />
            </Form.Item>
            <Form.Item
              name="quantity"
              label={t('stock.quantity')}
              rules={[
                { required: true, message: t('stock.quantity_required') },
                // At most what the location holds; the number box is not clamped ("-2" stays "-2").
                contractRule(t, moveBody.shape.quantity.max(row.quantity), t('stock.quantity')),
              ]}
            >
              <InputNumber style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="reason" label={t('stock.reason')} rules={[maxLength(t, STOCK_LIMITS.reason)]}>
              <Input />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
