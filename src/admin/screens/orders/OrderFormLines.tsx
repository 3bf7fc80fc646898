/**
 * The hand-entered order's lines: a seller's SKU (the inbound form's SKU picker, once the seller is
 * chosen where one is), quantity, unit price in the order's currency, and the marketplace's item
 * and variation; at least one line, at most the contract's number.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { orderQuantity } from '@shared/contract/orders.js';
import { ORDER_LIMITS as LIMITS, type OrderCurrency } from '@shared/domain/order.js';
import { contractRule, maxLength, requiredChoice } from '../common/rules.js';
import { SkuSelect } from '../inbound/shared.js';
import { priceIn } from './order-form-values.js';

/** The line fields' widths, so the header above them lines up. */
const LINE_WIDTHS = { sku: 280, quantity: 100, price: 170, item: 110 } as const;

/** The form's lines, rendered inside its Form (the list reads the form from context). */
export function OrderFormLines({
  forSeller,
  sellerId,
  currency,
}: {
  forSeller: boolean;
  sellerId: string | undefined;
  currency: OrderCurrency;
}) {
  const { t } = useTranslation('orders');
  const text = (max: number) => [maxLength(t, max)];
  const chooseSellerFirst = forSeller && !sellerId;
  return (
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
  );
}
