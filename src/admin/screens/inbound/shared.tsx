/**
 * Pieces the inbound screens share: the status tag, the dictionary labels of statuses,
 * transport modes and warehousing types, and the searchable SKU picker of the order form.
 */
import { Select, Tag, type SelectProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSkus } from '@api/modules/catalog.js';
import { useInventoryQuery } from '@api/modules/inventory.js';
import {
  INBOUND_STATUSES,
  TRANSPORT_MODES,
  WAREHOUSING_TYPES,
  type InboundStatus,
} from '@shared/domain/inbound.js';
import { useDictLabels } from '../inventory/shared.js';

const STATUS_COLOURS: Record<InboundStatus, string> = {
  pending: 'default',
  partial: 'processing',
  abnormal: 'error',
  received: 'cyan',
  stored: 'success',
  not_received: 'warning',
  cancelled: 'default',
};

export const useStatusLabels = () => useDictLabels('inbound_status', INBOUND_STATUSES);
export const useTransportLabels = () => useDictLabels('transport_type', TRANSPORT_MODES);
export const useWarehousingLabels = () => useDictLabels('warehousing_type', WAREHOUSING_TYPES);

export function StatusTag({ status, label }: { status: InboundStatus; label: string }) {
  return <Tag color={STATUS_COLOURS[status]}>{label}</Tag>;
}

/**
 * Labels of SKUs seen before (in search results, or filled in from an imported box list), so a
 * chosen SKU keeps its label while another is searched or when it was never in a result page.
 */
const knownSkuLabels = new Map<string, string>();

export function skuLabel(sku: { sellerSku: string; productName: string; variation?: string | null }) {
  return `${sku.sellerSku} · ${sku.productName}${sku.variation ? ` (${sku.variation})` : ''}`;
}

export function rememberSkuLabel(skuId: string, label: string) {
  knownSkuLabels.set(skuId, label);
}

/**
 * The seller's SKUs, searched on the server as the user types: by the start of a code, or by
 * name. `sellerId` narrows them to one seller (an agent entering an order for a seller).
 */
export function SkuSelect({
  sellerId,
  ...props
}: Omit<SelectProps<string>, 'options' | 'showSearch' | 'onSearch'> & { sellerId?: string }) {
  const { t } = useTranslation('inbound');
  const [search, setSearch] = useState('');
  const skus = useInventoryQuery(
    'skus',
    { pageNo: 1, pageSize: 50, keyword: search.trim() || undefined, sellerId },
    fetchSkus,
    { keepPrevious: true },
  );
  const { value } = props;
  const options = useMemo(() => {
    const found = (skus.data?.records ?? []).map((sku) => ({
      value: sku.id,
      label: skuLabel(sku),
    }));
    for (const option of found) rememberSkuLabel(option.value, option.label);
    const chosen = typeof value === 'string' ? knownSkuLabels.get(value) : undefined;
    return chosen !== undefined && typeof value === 'string' && !found.some((o) => o.value === value)
      ? [{ value, label: chosen }, ...found]
      : found;
  }, [skus.data, value]);
  return (
    <Select<string>
      showSearch
      filterOption={false}
      onSearch={setSearch}
      loading={skus.isFetching}
      placeholder={t('form.pick_sku')}
      options={options}
      notFoundContent={skus.isFetching ? undefined : t('form.no_sku')}
      {...props}
    />
  );
}
