/**
 * Entering an order by hand (spec 02 §3 'Order'): the order number (required: 'Order No. cannot
 * be empty'), the platform and shop it was sold on if any, the warehouse it ships from, the buyer
 * and address, and lines of the seller's SKUs (the inbound form's SKU picker) with quantity and
 * unit price in the order's currency. Agents and admins enter it for a seller they choose.
 * Checked before sending against the shared contract's rules; a refusal stays above the form in
 * the server's words, the fields it names marked.
 */
import { Col, DatePicker, Divider, Form, Input, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useInventoryChange } from '@api/modules/inventory.js';
import { addOrder } from '@api/modules/orders.js';
import type { SavedOrderView } from '@shared/contract/orders.js';
import { ORDER_CURRENCIES, ORDER_LIMITS as LIMITS, ORDER_TYPES, PLATFORMS } from '@shared/domain/order.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { FormDrawer } from '../common/FormDrawer.js';
import { FormFailure, useFormSubmit } from '../common/feedback.js';
import { maxLength, requiredChoice } from '../common/rules.js';
import { isSellerSide, SellerSelect, WarehouseSelect } from '../inventory/shared.js';
import { INITIAL, orderInputOf, type OrderValues } from './order-form-values.js';
import { OrderFormLines } from './OrderFormLines.js';
import { useOrderLabels } from './shared.js';

export function OrderFormDrawer({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved?: (order: SavedOrderView) => void;
}) {
  const { t } = useTranslation('orders');
  const labels = useOrderLabels();
  const me = useSessionUser();
  const forSeller = !isSellerSide(me?.userRole);
  const [form] = Form.useForm<OrderValues>();
  const add = useInventoryChange(addOrder);
  const sellerId = Form.useWatch('sellerId', form);
  const currency = Form.useWatch('currency', form) ?? 'CNY';

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const { submit, failure, isSaving, clearFailure } = useFormSubmit(
    form,
    (values: OrderValues) => add.mutateAsync(orderInputOf(values)),
    (envelope) => {
      onSaved?.(envelope.result);
      onClose();
    },
  );
  const close = () => {
    clearFailure();
    onClose();
  };
  const text = (max: number) => [maxLength(t, max)];

  return (
    <FormDrawer
      open={open}
      width={900}
      title={t('form.title')}
      isSaving={isSaving}
      onSave={() => void submit()}
      onClose={close}
    >
      <FormFailure text={failure} />
      <Form
        form={form}
        name="order"
        layout="vertical"
        initialValues={INITIAL}
        onValuesChange={(changed: Partial<OrderValues>) => {
          // Another seller's SKUs are not theirs: the lines start again.
          if ('sellerId' in changed) form.setFieldValue('lines', [{ quantity: 1 }]);
        }}
      >
        <Row gutter={12}>
          {forSeller && (
            <Col span={8}>
              <Form.Item
                name="sellerId"
                label={t('field.seller')}
                rules={[requiredChoice(t, t('field.seller'))]}
              >
                <SellerSelect style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
          <Col span={8}>
            <Form.Item
              name="orderNo"
              label={t('field.order_no')}
              rules={[
                { required: true, whitespace: true, message: t('form.order_no_required') },
                ...text(LIMITS.orderNo),
              ]}
            >
              <Input aria-label={t('field.order_no')} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="warehouseId"
              label={t('field.warehouse')}
              rules={[{ required: true, message: t('form.warehouse_required') }]}
            >
              <WarehouseSelect style={{ width: '100%' }} placeholder={t('form.pick_warehouse')} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="platform" label={t('field.platform')}>
              <Select
                options={PLATFORMS.map((platform) => ({
                  value: platform,
                  label: labels.platform.label(platform),
                }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="shopName" label={t('field.shop')} rules={text(LIMITS.text)}>
              <Input placeholder={t('form.optional')} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="orderType" label={t('field.type')}>
              <Select
                options={ORDER_TYPES.filter((type) => type !== 'combined').map((type) => ({
                  value: type,
                  label: labels.type.label(type),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Divider orientation="left" plain>
          {t('form.buyer')}
        </Divider>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="buyerName" label={t('field.buyer')} rules={text(LIMITS.text)}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="recipientName" label={t('field.recipient')} rules={text(LIMITS.text)}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="recipientPhone" label={t('field.phone')} rules={text(32)}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="recipientAddress" label={t('field.address')} rules={text(LIMITS.address)}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="buyerMessage" label={t('field.buyer_message')} rules={text(LIMITS.note)}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sellerNote" label={t('notes.sellerNote')} rules={text(LIMITS.note)}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="shipBy" label={t('field.ship_by')}>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="logisticsChannel" label={t('field.logistics_channel')} rules={text(LIMITS.text)}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="trackingNo" label={t('field.tracking_no')} rules={text(LIMITS.orderNo)}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="currency" label={t('field.currency')}>
              <Select options={ORDER_CURRENCIES.map((code) => ({ value: code, label: code }))} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="tags" label={t('field.tags')}>
              <Select
                mode="multiple"
                allowClear
                options={(['urgent', 'pre_brushed', 'evaluation'] as const).map((tag) => ({
                  value: tag,
                  label: labels.tag.label(tag),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Divider orientation="left" plain>
          {t('form.lines')}
        </Divider>
        <OrderFormLines forSeller={forSeller} sellerId={sellerId} currency={currency} />
      </Form>
    </FormDrawer>
  );
}
