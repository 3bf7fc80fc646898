/**
 * The columns of the SKU match list: shop (with platform and, for the warehouse side, seller), item
 * and variation, seller SKU and barcode, title, the matched SKU or a SKU picker with its
 * suggestion, waiting orders, and each row's match or unmatch.
 */
import { Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { Dispatch, SetStateAction } from 'react';
import type { MarketplaceItemView } from '@shared/contract/shops.js';
import { RowActions } from '../common/RowActions.js';
import { SkuSelect } from '../inbound/shared.js';
import type { Suggestion } from './match-suggestions.js';
import type { useShopLabels } from './shared.js';

/** The list's columns; an unmatched row's picker keeps its choice in the screen's choices. */
export function skuMatchColumns({
  t,
  labels,
  showSeller,
  canMatch,
  sellerNames,
  suggestions,
  choices,
  setChoices,
  chosenSku,
  sendMatch,
  askUnmatch,
}: {
  t: TFunction<'shops'>;
  labels: ReturnType<typeof useShopLabels>;
  showSeller: boolean;
  canMatch: boolean;
  sellerNames: ReadonlyMap<string, string>;
  suggestions: ReadonlyMap<string, Suggestion>;
  choices: ReadonlyMap<string, string>;
  setChoices: Dispatch<SetStateAction<ReadonlyMap<string, string>>>;
  chosenSku: (item: MarketplaceItemView) => string | undefined;
  sendMatch: (rows: MarketplaceItemView[]) => Promise<void>;
  askUnmatch: (rows: MarketplaceItemView[]) => void;
}): ColumnsType<MarketplaceItemView> {
  return [
    {
      title: t('field.shop'),
      key: 'shop',
      width: 130,
      ellipsis: true,
      render: (_value, item) => (
        <Space direction="vertical" size={0}>
          <span>{item.shopAlias}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {labels.platform(item.platform)}
          </Typography.Text>
          {showSeller && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {sellerNames.get(item.sellerId) ?? ''}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('item.item_variation'),
      dataIndex: 'itemId',
      width: 130,
      render: (_itemId: string, item) => (
        <Space direction="vertical" size={0}>
          <Typography.Text copyable={{ text: item.itemId }}>{item.itemId}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {item.variationId || '-'}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('item.seller_sku_barcode'),
      dataIndex: 'sellerSku',
      width: 150,
      render: (sellerSku: string, item) => (
        <Space direction="vertical" size={0}>
          <span>{sellerSku || '-'}</span>
          {item.barcode && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {item.barcode}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: t('item.title'), dataIndex: 'title', width: 200, ellipsis: true },
    {
      title: t('item.matched_sku'),
      key: 'sku',
      width: 260,
      render: (_value, item) => {
        if (item.skuId !== null)
          return (
            <Space direction="vertical" size={0}>
              <Typography.Text strong>{item.skuCode}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {item.skuName}
              </Typography.Text>
              {item.matchedBy && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('item.matched_by_value', { how: t(`matched_by.${item.matchedBy}`) })}
                </Typography.Text>
              )}
            </Space>
          );
        if (!canMatch) return <Typography.Text type="secondary">{t('item.unmatched')}</Typography.Text>;
        const suggestion = suggestions.get(item.id);
        const value = chosenSku(item);
        return (
          <Space direction="vertical" size={2} style={{ width: '100%' }}>
            <SkuSelect
              sellerId={item.sellerId}
              value={value || undefined}
              allowClear
              style={{ width: 240 }}
              aria-label={t('item.pick_sku_for', { item: item.title || item.itemId })}
              onChange={(skuId: string | undefined) =>
                setChoices((previous) => new Map(previous).set(item.id, skuId ?? ''))
              }
            />
            {suggestion && value === suggestion.skuId && !choices.has(item.id) && (
              <Tag color="blue">{t(`item.suggested_${suggestion.by}`)}</Tag>
            )}
          </Space>
        );
      },
    },
    {
      title: (
        <Tooltip title={t('field.waiting_orders')}>
          <span>{t('field.waiting_short')}</span>
        </Tooltip>
      ),
      dataIndex: 'waitingOrders',
      width: 80,
      align: 'right',
      render: (waiting: number) => (waiting > 0 ? <Typography.Text strong>{waiting}</Typography.Text> : 0),
    },
    {
      title: t('common.actions', { ns: 'system' }),
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_value, item) => (
        <RowActions
          actions={[
            {
              key: 'match',
              label: t('action.match'),
              show: canMatch && item.skuId === null,
              onClick: () => void sendMatch([item]),
              disabledReason: chosenSku(item) ? undefined : t('match.choose_one'),
            },
            {
              key: 'unmatch',
              label: t('action.unmatch'),
              type: 'danger',
              show: canMatch && item.skuId !== null,
              onClick: () => askUnmatch([item]),
            },
          ]}
        />
      ),
    },
  ];
}
