/**
 * /shop/match (spec 02 §1 'product management with SKU matching'): every item and variation the
 * shops sold, paired to one of the seller's SKUs. Tabs Unmatched (with its count), Matched and
 * All; filters by shop (?shopId= from the shop list's waiting-orders link), platform, seller
 * (agents and admins) and text. An unmatched row offers a SKU picker over the seller's SKUs,
 * filled in with a suggestion (the SKU whose code is the item's seller SKU, else the one with
 * its barcode); rows are matched one by one or selected together, and the server releases the
 * orders that waited for them ('bind succeeded', spec 02 §8). Unmatching asks first.
 */
import { App, Button, Form, Input, Select, Space, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { fetchSkus } from '@api/modules/catalog.js';
import { useInventoryQuery } from '@api/modules/inventory.js';
import {
  matchItems,
  unmatchItems,
  useMarketplaceItems,
  useShopChange,
  useShopOptions,
} from '@api/modules/shops.js';
import {
  MATCH_FILTERS,
  SHOP_LIMITS,
  type MarketplaceItemQuery,
  type MarketplaceItemView,
} from '@shared/contract/shops.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { hasAuth } from '../auth.js';
import { useFeedback } from '../common/feedback.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { useListState, type ListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { rememberSkuLabel, skuLabel } from '../inbound/shared.js';
import { isSellerSide, SellerSelect, sellersOf } from '../inventory/shared.js';
import { suggestionSearch, suggestSku, type Suggestion } from './match-suggestions.js';
import { useShopLabels } from './shared.js';
import { skuMatchColumns } from './sku-match-columns.js';

type MatchTab = (typeof MATCH_FILTERS)[number];
type ItemFilterValues = Partial<Pick<MarketplaceItemQuery, 'shopId' | 'platform' | 'sellerId' | 'search'>>;
type MatchState = ListState & { filter: ItemFilterValues; match: MatchTab };

const TABS: readonly MatchTab[] = ['unmatched', 'matched', 'all'];

function initialState(search: string): MatchState {
  const shopId = new URLSearchParams(search).get('shopId') ?? '';
  return { ...DEFAULT_PAGE, match: 'unmatched', filter: shopId ? { shopId } : {} };
}

/** One screen per address: the list opened from a shop (?shopId=) keeps its own filters. */
export function SkuMatch() {
  const { search } = useLocation();
  return <SkuMatchScreen key={search} search={search} />;
}

function SkuMatchScreen({ search }: { search: string }) {
  const { t } = useTranslation('shops');
  const { message, modal } = App.useApp();
  const feedback = useFeedback();
  const labels = useShopLabels();
  const me = useSessionUser();
  const initial = useMemo(() => initialState(search), [search]);
  const [state, setState, searchWith] = useListState<MatchState>('shops/SkuMatch', initial, search);
  const items = useMarketplaceItems({
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    match: state.match,
    ...state.filter,
  });
  // The Unmatched tab's count when another tab is shown (on its own tab, the page's total says it).
  const unmatched = useMarketplaceItems(
    { pageNo: 1, pageSize: 1, match: 'unmatched', ...state.filter },
    { enabled: state.match !== 'unmatched' },
  );
  const shops = useShopOptions();
  const [selected, setSelected] = useState<MarketplaceItemView[]>([]);
  const [choices, setChoices] = useState<ReadonlyMap<string, string>>(new Map());
  const match = useShopChange(matchItems, { touchesOrders: true });
  const unmatch = useShopChange(unmatchItems, { touchesOrders: true });

  const showSeller = !isSellerSide(me?.userRole);
  const canMatch = hasAuth(PERMISSIONS.skuMatch);
  const records = items.data?.records;

  // One batch search of the page's seller SKUs and barcodes gives every row its suggestion.
  const suggestionQuery = useMemo(() => suggestionSearch(records ?? []), [records]);
  const candidates = useInventoryQuery(
    'skus',
    { pageNo: 1, pageSize: 200, skuSearch: suggestionQuery },
    fetchSkus,
    { enabled: canMatch && suggestionQuery !== '' },
  );
  const suggestions = useMemo(() => {
    const skus = candidates.data?.records ?? [];
    for (const sku of skus) rememberSkuLabel(sku.id, skuLabel(sku));
    const byItem = new Map<string, Suggestion>();
    for (const item of records ?? []) {
      const suggestion = suggestSku(item, skus);
      if (suggestion) byItem.set(item.id, suggestion);
    }
    return byItem;
  }, [candidates.data, records]);

  const chosenSku = (item: MarketplaceItemView): string | undefined =>
    choices.get(item.id) ?? suggestions.get(item.id)?.skuId;

  const change = (patch: Partial<MatchState>) => {
    setSelected([]);
    setState({ ...patch, pageNo: 1 });
  };

  const sendMatch = async (rows: MarketplaceItemView[]) => {
    const open = rows.filter((row) => row.skuId === null);
    const matches = open.flatMap((row) => {
      const skuId = chosenSku(row);
      return skuId ? [{ itemId: row.id, skuId }] : [];
    });
    if (matches.length === 0) {
      void message.warning(t('match.choose_first'));
      return;
    }
    try {
      const { result } = await match.mutateAsync(matches.slice(0, SHOP_LIMITS.bulkMatch));
      void message.success(
        result.released > 0 ? t('match.bound_released', { count: result.released }) : t('match.bound'),
      );
      if (matches.length < open.length)
        void message.warning(t('match.skipped', { count: open.length - matches.length }));
      const done = new Set(matches.map((entry) => entry.itemId));
      setSelected((previous) => previous.filter((row) => !done.has(row.id)));
      setChoices((previous) => new Map([...previous].filter(([id]) => !done.has(id))));
    } catch (error) {
      feedback.failed(error);
    }
  };

  const askUnmatch = (rows: MarketplaceItemView[]) => {
    const paired = rows.filter((row) => row.skuId !== null);
    if (paired.length === 0) {
      void message.warning(t('unmatch.none_matched'));
      return;
    }
    modal.confirm({
      title: t('unmatch.title', { count: paired.length }),
      content:
        paired.length === 1
          ? t('unmatch.content_one', { item: paired[0]?.title || paired[0]?.itemId, sku: paired[0]?.skuCode })
          : t('unmatch.content'),
      okText: t('action.unmatch'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel', { ns: 'system' }),
      onOk: async () => {
        try {
          await unmatch.mutateAsync(paired.slice(0, SHOP_LIMITS.bulkMatch).map((row) => row.id));
          void message.success(t('unmatch.done', { count: paired.length }));
          setSelected([]);
        } catch (error) {
          feedback.failed(error);
        }
      },
    });
  };

  // An item carries its seller's id only: the name comes from the seller's shops.
  const sellerNames = useMemo(
    () => new Map((shops.data?.records ?? []).map((shop) => [shop.sellerId, shop.sellerName])),
    [shops.data],
  );

  const columns = skuMatchColumns({
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
  });

  const tabLabel = (tab: MatchTab) => {
    const count =
      tab === 'unmatched'
        ? state.match === 'unmatched'
          ? items.data?.total
          : unmatched.data?.total
        : undefined;
    return count === undefined ? t(`tab.${tab}`) : `${t(`tab.${tab}`)} (${count})`;
  };
  const selectedOpen = selected.filter((row) => row.skuId === null);
  const selectedPaired = selected.filter((row) => row.skuId !== null);
  const suggestedRows = (records ?? []).filter((row) => row.skuId === null && chosenSku(row));

  return (
    <>
      <SearchBar<ItemFilterValues>
        initialValues={state.filter}
        onSearch={(values) => {
          setSelected([]);
          searchWith(values);
        }}
      >
        <Form.Item name="search" label={t('filter.search')} tooltip={t('filter.search_hint')}>
          <Input allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="shopId" label={t('field.shop')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('filter.all')}
            style={{ width: 190 }}
            loading={shops.isLoading}
            options={(shops.data?.records ?? []).map((shop) => ({
              value: shop.id,
              label: `${shop.alias} · ${labels.platform(shop.platform)}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="platform" label={t('field.platform')}>
          <Select
            allowClear
            placeholder={t('filter.all')}
            style={{ width: 150 }}
            options={labels.platformOptions}
          />
        </Form.Item>
        {showSeller && (
          <Form.Item name="sellerId" label={t('field.seller')}>
            <SellerSelect known={sellersOf(shops.data?.records)} />
          </Form.Item>
        )}
      </SearchBar>
      {canMatch && (
        <Space wrap size={8} style={{ marginBottom: 12 }}>
          <Button
            type="primary"
            disabled={selectedOpen.length === 0}
            loading={match.isPending}
            onClick={() => void sendMatch(selectedOpen)}
          >
            {t('action.match_selected')}
          </Button>
          <Button
            disabled={suggestedRows.length === 0}
            onClick={() =>
              setSelected((previous) => [...previous.filter((row) => row.skuId !== null), ...suggestedRows])
            }
          >
            {t('action.select_suggested')}
          </Button>
          <Button danger disabled={selectedPaired.length === 0} onClick={() => askUnmatch(selectedPaired)}>
            {t('action.unmatch_selected')}
          </Button>
        </Space>
      )}
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Tabs
          style={{ flex: 1, minWidth: 0 }}
          activeKey={state.match}
          onChange={(key) => change({ match: key as MatchTab })}
          items={TABS.map((tab) => ({ key: tab, label: tabLabel(tab) }))}
        />
        <Typography.Text type="secondary" aria-live="polite">
          {selected.length > 0 ? t('list.selected', { count: selected.length }) : t('list.none_selected')}
        </Typography.Text>
      </div>
      <PagedTable<MarketplaceItemView>
        bordered
        columns={columns}
        query={items}
        page={state}
        onPageChange={(page) => {
          setSelected([]);
          setState(page);
        }}
        locale={{ emptyText: state.match === 'unmatched' ? t('item.empty_unmatched') : t('item.empty') }}
        rowSelection={
          canMatch
            ? {
                selectedRowKeys: selected.map((row) => row.id),
                onChange: (_keys, rows) => setSelected(rows),
                fixed: true,
              }
            : undefined
        }
      />
    </>
  );
}
