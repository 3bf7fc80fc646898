/**
 * The order drawer's lines: as the marketplace sold them with what each holds frozen, and the lines
 * whose marketplace item is not matched to a SKU yet, matched here by whoever may match SKUs.
 */
import { Alert, Button, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { matchItems, useShopChange } from '@api/modules/shops.js';
import type { OrderDetail, OrderLineView, UnmatchedLineView } from '@shared/contract/orders.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { useFeedback } from '../common/feedback.js';
import { SkuSelect } from '../inbound/shared.js';
import { Section, text } from './DetailSection.js';
import { formatAmount } from './shared.js';

/** The columns of a line as the marketplace sold it: item, variation, quantity and unit price. */
function soldColumns<T extends OrderLineView | UnmatchedLineView>(
  t: TFunction<'orders'>,
  currency: OrderDetail['currency'],
): ColumnsType<T> {
  return [
    { title: t('field.item_id'), dataIndex: 'itemId', width: 120, render: text },
    { title: t('field.variation_id'), dataIndex: 'variationId', width: 120, render: text },
    { title: t('field.quantity'), dataIndex: 'quantity', width: 80, align: 'right' },
    {
      title: t('field.unit_price'),
      dataIndex: 'unitPrice',
      width: 120,
      align: 'right',
      render: (price: number) => formatAmount(price, currency),
    },
  ];
}

/** The order's SKU lines, with how many units each holds frozen. */
export function Lines({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const columns: ColumnsType<OrderLineView> = [
    { title: t('field.sku'), dataIndex: 'sellerSku', width: 130 },
    { title: t('field.product'), dataIndex: 'productName', ellipsis: true },
    ...soldColumns<OrderLineView>(t, order.currency),
    {
      title: t('field.line_amount'),
      key: 'amount',
      width: 120,
      align: 'right',
      render: (_value, line) => formatAmount(line.unitPrice * line.quantity, order.currency),
    },
    {
      title: t('field.reserved'),
      dataIndex: 'reserved',
      width: 90,
      align: 'right',
      render: (reserved: number, line) => (
        <Typography.Text
          type={reserved < line.quantity && reserved > 0 ? 'warning' : undefined}
          strong={reserved > 0}
        >
          {reserved}
        </Typography.Text>
      ),
    },
  ];
  return (
    <Section title={t('detail.lines', { count: order.lines.length })}>
      <Table<OrderLineView>
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={order.lines}
      />
    </Section>
  );
}

/**
 * The lines the marketplace sold whose item is not matched to a SKU yet (spec 02 §1: the order
 * waits as a problem order): shown as sold, each matched here by whoever may match SKUs, which
 * completes the order's lines once every item is matched.
 */
export function UnmatchedLines({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const feedback = useFeedback();
  const canMatch = hasAuth(PERMISSIONS.skuMatch);
  const [choices, setChoices] = useState<Map<string, string>>(new Map());
  const match = useShopChange(matchItems, { touchesOrders: true });
  if (order.unmatchedLines.length === 0) return null;
  const save = async (line: UnmatchedLineView) => {
    const skuId = choices.get(line.id);
    if (!skuId || !line.marketplaceItemId) return;
    try {
      feedback.done(await match.mutateAsync([{ itemId: line.marketplaceItemId, skuId }]));
    } catch (error) {
      feedback.failed(error);
    }
  };
  const columns: ColumnsType<UnmatchedLineView> = [
    { title: t('unmatched.seller_sku'), dataIndex: 'sellerSku', width: 130, render: text },
    { title: t('unmatched.title'), dataIndex: 'title', ellipsis: true, render: text },
    ...soldColumns<UnmatchedLineView>(t, order.currency),
  ];
  if (canMatch)
    columns.push({
      title: t('unmatched.match'),
      key: 'match',
      width: 320,
      render: (_value, line) =>
        line.marketplaceItemId ? (
          <Space size={6}>
            <SkuSelect
              sellerId={order.sellerId}
              value={choices.get(line.id)}
              style={{ width: 220 }}
              aria-label={t('unmatched.pick_sku_for', { item: line.title || line.itemId })}
              onChange={(skuId: string | undefined) =>
                setChoices((previous) => new Map(previous).set(line.id, skuId ?? ''))
              }
            />
            <Button
              size="small"
              type="primary"
              disabled={!choices.get(line.id)}
              loading={match.isPending}
              onClick={() => void save(line)}
            >
              {t('unmatched.save')}
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('unmatched.no_item')}</Typography.Text>
        ),
    });
  return (
    <Section title={t('unmatched.section', { count: order.unmatchedLines.length })}>
      <Alert type="warning" showIcon style={{ marginBottom: 8 }} message={t('unmatched.hint')} />
      <Table<UnmatchedLineView>
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={order.unmatchedLines}
      />
    </Section>
  );
}
