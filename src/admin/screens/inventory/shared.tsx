/**
 * Pieces the stock, warehouse and product screens share: dictionary labels (shelf status,
 * location type, stock age), the warehouse and seller pickers, and who counts as the
 * warehouse side (they see every seller's stock and may filter by seller).
 */
import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictItems } from '@api/modules/session.js';
import { fetchUsers, useSystemQuery } from '@api/modules/system.js';
import { useWarehouseOptions } from '@api/modules/warehouse.js';
import type { UserRole } from '@shared/domain/roles.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';

/** Labels of one dictionary in the viewer's language; the bundled labels stand in meanwhile. */
export function useDictLabels(code: string, values: readonly string[]) {
  const { t, i18n } = useTranslation();
  const dict = useDictItems(code, i18n.language);
  return useMemo(() => {
    const byValue = new Map((dict.data ?? []).map((item) => [item.value, item.label]));
    const label = (value: string) =>
      byValue.get(value) ?? t(`dict:${code}.${value}`, { defaultValue: value });
    return { label, options: values.map((value) => ({ value, label: label(value) })) };
  }, [code, dict.data, t, values]);
}

/** Sellers and their staff see only their own goods; everyone else may pick a seller. */
export function isSellerSide(role: UserRole | undefined): boolean {
  return role === 'seller' || role === 'seller_staff';
}

export function WarehouseSelect(props: Omit<SelectProps<string>, 'options'>) {
  const { t } = useTranslation('inventory');
  const warehouses = useWarehouseOptions();
  return (
    <Select<string>
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={t('common.all_warehouses')}
      style={{ width: 180 }}
      loading={warehouses.isLoading}
      options={(warehouses.data ?? []).map((warehouse) => ({
        value: warehouse.id,
        label: `${warehouse.code} · ${warehouse.name}`,
      }))}
      {...props}
    />
  );
}

/**
 * The tenant's sellers from the user list when the viewer may read it; otherwise the sellers
 * the current page shows (`known`), so a warehouse manager can narrow to one of them.
 */
export function SellerSelect({
  known = [],
  ...props
}: Omit<SelectProps<string>, 'options'> & { known?: { id: string; name: string }[] }) {
  const { t } = useTranslation('inventory');
  const canList = hasAuth(PERMISSIONS.userList);
  const sellers = useSystemQuery(
    'sellers',
    { pageNo: 1, pageSize: 200, userRole: 'seller' as const },
    fetchUsers,
    { enabled: canList },
  );
  const options = useMemo(() => {
    const byId = new Map<string, string>();
    for (const seller of sellers.data?.records ?? []) byId.set(seller.id, seller.realname || seller.username);
    for (const seller of known) if (!byId.has(seller.id)) byId.set(seller.id, seller.name);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [sellers.data, known]);
  return (
    <Select<string>
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={t('common.all_sellers')}
      style={{ width: 170 }}
      options={options}
      {...props}
    />
  );
}

/** Distinct sellers of a page's rows, for SellerSelect's `known`. */
export function sellersOf(rows: readonly { sellerId: string; sellerName?: string }[] | undefined) {
  const byId = new Map<string, string>();
  for (const row of rows ?? []) byId.set(row.sellerId, row.sellerName ?? row.sellerId);
  return [...byId].map(([id, name]) => ({ id, name }));
}
