/**
 * Entering an order by hand (spec 02 §3 'Order'): the order number (required: 'Order No. cannot
 * be empty'), the platform and shop it was sold on if any, the warehouse it ships from, the buyer
 * and address, and lines of the seller's SKUs (the inbound form's SKU picker) with quantity and
 * unit price in the order's currency. Agents and admins enter it for a seller they choose.
 * Checked before sending against the shared contract's rules; a refusal stays above the form in
 * the server's words, the fields it names marked.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Col,
  DatePicker,
  Divider,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useInventoryChange } from '@api/modules/inventory.js';
import { addOrder } from '@api/modules/orders.js';
import { majorAmount } from '@shared/contract/common.js';
import { orderQuantity, type CreateOrderInput, type SavedOrderView } from '@shared/contract/orders.js';
import {
  CURRENCY_DECIMALS,
  minorUnits,
  ORDER_CURRENCIES,
  ORDER_LIMITS as LIMITS,
  ORDER_TYPES,
  PLATFORMS,
  type OrderCurrency,
  type OrderTag,
  type OrderType,
  type Platform,
} from '@shared/domain/order.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { FormDrawer } from '../common/FormDrawer.js';
import { FormFailure, useFormSubmit } from '../common/feedback.js';
import { contractRule, maxLength, requiredChoice } from '../common/rules.js';
import { SkuSelect } from '../inbound/shared.js';
import { isSellerSide, SellerSelect, WarehouseSelect } from '../inventory/shared.js';
import { useOrderLabels } from './shared.js';

interface LineValues {
  skuId?: string;
  quantity?: number;
  /** In the currency's major unit on screen; sent in minor units. */
  unitPrice?: number;
  itemId?: string;
  variationId?: string;
}

interface OrderValues {
  sellerId?: string;
  orderNo?: string;
  platform: Platform;
  shopName?: string;
  orderType: OrderType;
  warehouseId?: string;
  buyerName?: string;
  recipientName?: string;
  recipientPhone?: string;
  recipientAddress?: string;
  buyerMessage?: string;
  sellerNote?: string;
  shipBy?: Dayjs | null;
  currency: OrderCurrency;
  logisticsChannel?: string;
  trackingNo?: string;
  tags?: OrderTag[];
  lines: LineValues[];
}

/** The line fields' widths, so the header above them lines up. */
const LINE_WIDTHS = { sku: 280, quantity: 100, price: 170, item: 110 } as const;

const INITIAL: Partial<OrderValues> = {
  platform: 'manual',
  orderType: 'stock',
  currency: 'CNY',
  lines: [{ quantity: 1 }],
};

const trimmed = (value: string | undefined) => (value ?? '').trim();

/**
 * The contract's unit price as typed in the currency's major unit: its bounds there and no more
 * decimals than the currency is written with (1.234 yuan is refused, not rounded).
 */
const priceIn = (currency: OrderCurrency) => majorAmount(LIMITS.price, CURRENCY_DECIMALS[currency]);

/** The contract's body of the form's values. */
export function orderInputOf(values: OrderValues): CreateOrderInput {
  return {
    sellerId: values.sellerId ?? '',
    orderNo: trimmed(values.orderNo),
    platform: values.platform,
    shopName: trimmed(values.shopName),
    orderType: values.orderType,
    warehouseId: values.warehouseId ?? '',
    buyerName: trimmed(values.buyerName),
    recipientName: trimmed(values.recipientName),
    recipientPhone: trimmed(values.recipientPhone),
    recipientAddress: trimmed(values.recipientAddress),
    buyerMessage: trimmed(values.buyerMessage),
    sellerNote: trimmed(values.sellerNote),
    shipBy: values.shipBy ? values.shipBy.toISOString() : null,
    currency: values.currency,
    logisticsChannel: trimmed(values.logisticsChannel),
    trackingNo: trimmed(values.trackingNo),
    tags: values.tags ?? [],
    lines: values.lines.map((line) => ({
      skuId: line.skuId ?? '',
      quantity: line.quantity ?? 0,
      unitPrice: minorUnits(line.unitPrice ?? 0, values.currency),
      itemId: trimmed(line.itemId),
      variationId: trimmed(line.variationId),
    })),
  };
}

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
  const chooseSellerFirst = forSeller && !sellerId;

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
        <Form.List
          name="lines"
          rules={[
            {
              validator: (_rule, lines: unknown[] | undefined) =>
                lines && lines.length > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('form.line_required'))),
            },
          ]}
        >
          {(lines, { add: addLine, remove }, { errors }) => (
            <>
              <Space aria-hidden style={{ display: 'flex', marginBottom: 4 }}>
                {(
                  [
                    ['sku', 'field.sku'],
                    ['quantity', 'field.quantity'],
                    ['price', 'field.unit_price'],
                    ['item', 'field.item_id'],
                    ['item', 'field.variation_id'],
                  ] as const
                ).map(([width, label]) => (
                  <Typography.Text
                    key={label}
                    type="secondary"
                    style={{ display: 'inline-block', width: LINE_WIDTHS[width] }}
                  >
                    {t(label)}
                  </Typography.Text>
                ))}
              </Space>
              {lines.map((line) => (
                <Space key={line.key} align="start" wrap style={{ display: 'flex' }}>
                  <Form.Item name={[line.name, 'skuId']} rules={[requiredChoice(t, t('field.sku'))]}>
                    <SkuSelect
                      style={{ width: LINE_WIDTHS.sku }}
                      aria-label={t('field.sku')}
                      sellerId={forSeller ? sellerId : undefined}
                      disabled={chooseSellerFirst}
                      placeholder={chooseSellerFirst ? t('form.seller_first') : undefined}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[line.name, 'quantity']}
                    rules={[
                      requiredChoice(t, t('field.quantity')),
                      contractRule(t, orderQuantity, t('field.quantity')),
                    ]}
                  >
                    <InputNumber
                      placeholder={t('field.quantity')}
                      aria-label={t('field.quantity')}
                      style={{ width: LINE_WIDTHS.quantity }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[line.name, 'unitPrice']}
                    dependencies={['currency']}
                    rules={[
                      ({ getFieldValue }) =>
                        contractRule(
                          t,
                          priceIn((getFieldValue('currency') as OrderCurrency | undefined) ?? 'CNY'),
                          t('field.unit_price'),
                        ),
                    ]}
                  >
                    <InputNumber
                      placeholder={t('field.unit_price')}
                      aria-label={t('field.unit_price')}
                      addonAfter={currency}
                      style={{ width: LINE_WIDTHS.price }}
                    />
                  </Form.Item>
                  <Form.Item name={[line.name, 'itemId']} rules={text(LIMITS.text)}>
                    <Input
                      placeholder={t('field.item_id')}
                      aria-label={t('field.item_id')}
                      style={{ width: LINE_WIDTHS.item }}
                    />
                  </Form.Item>
                  <Form.Item name={[line.name, 'variationId']} rules={text(LIMITS.text)}>
                    <Input
                      placeholder={t('field.variation_id')}
                      aria-label={t('field.variation_id')}
                      style={{ width: LINE_WIDTHS.item }}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('form.remove_line')}
                    disabled={lines.length <= 1}
                    onClick={() => remove(line.name)}
                  />
                </Space>
              ))}
              <Form.ErrorList errors={errors} />
              {lines.length < LIMITS.lines && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => addLine({ quantity: 1 })}>
                  {t('form.add_line')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form>
    </FormDrawer>
  );
}
