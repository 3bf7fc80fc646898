/**
 * Stock per location: what lies on each shelf, server-paged and filtered by
 * warehouse, location code and type, SKU batch search and, for the warehouse side, seller.
 * Warehouse workers move units between locations of the same warehouse.
 */
import { Form, Input, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  batchValues,
  fetchLocationStock,
  useInventoryQuery,
  type LocationStockFilter,
} from '@api/modules/inventory.js';
import type { LocationStockRow } from '@shared/contract/inventory.js';
import { LOCATION_TYPES, type LocationType } from '@shared/domain/warehouse.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { hasAuth } from '../auth.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { useListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { MoveModal } from './MoveModal.js';
import { isSellerSide, SellerSelect, useDictLabels, WarehouseSelect } from './shared.js';

interface Filter {
  warehouseId?: string;
  locationCode?: string;
  locationType?: LocationType;
  skuSearch?: string;
  sellerId?: string;
}

const INITIAL = { ...DEFAULT_PAGE, filter: {} as Filter };

export function LocationStock() {
  const { t } = useTranslation('inventory');
  const me = useSessionUser();
  const types = useDictLabels('location_type', LOCATION_TYPES);
  const [state, setState, search] = useListState('inventory/LocationStock', INITIAL);
  const params: LocationStockFilter = {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    ...state.filter,
    locationCode: state.filter.locationCode?.toUpperCase(),
    skuSearch: batchValues(state.filter.skuSearch),
  };
  const rows = useInventoryQuery('locationStock', params, fetchLocationStock, { keepPrevious: true });
  const [moving, setMoving] = useState<LocationStockRow | null>(null);
  const canMove = hasAuth(PERMISSIONS.stockMove);
  const showSeller = !isSellerSide(me?.userRole);

  const columns: ColumnsType<LocationStockRow> = [
    { title: t('stock.warehouse'), dataIndex: 'warehouseCode', width: 100 },
    {
      title: t('location.partition'),
      dataIndex: 'partitionCode',
      width: 90,
      render: (code: string | null) => code ?? '-',
    },
    { title: t('location.code'), dataIndex: 'locationCode', width: 120 },
    {
      title: t('location.type'),
      dataIndex: 'locationType',
      width: 110,
      render: (type: string) => types.label(type),
    },
    { title: t('stock.sku'), dataIndex: 'sellerSku', width: 140, ellipsis: true },
    { title: t('stock.sys_code'), dataIndex: 'sysCode', width: 100 },
    { title: t('stock.name'), dataIndex: 'productName', ellipsis: true },
    {
      title: t('stock.variation'),
      dataIndex: 'variation',
      width: 110,
      ellipsis: true,
      render: (text: string) => text || '-',
    },
    { title: t('location_stock.quantity'), dataIndex: 'quantity', width: 90, align: 'right' },
  ];
  if (canMove) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_value, row) => (
        <Typography.Link onClick={() => setMoving(row)}>{t('location_stock.move')}</Typography.Link>
      ),
    });
  }

  return (
    <>
      <SearchBar<Filter> initialValues={state.filter} onSearch={search}>
        <Form.Item name="warehouseId" label={t('stock.warehouse')}>
          <WarehouseSelect />
        </Form.Item>
        <Form.Item name="locationCode" label={t('location.code')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="locationType" label={t('location.type')}>
          <Select allowClear style={{ width: 140 }} placeholder={t('common.all')} options={types.options} />
        </Form.Item>
        <Form.Item name="skuSearch" label={t('stock.sku')} tooltip={t('common.batch_hint')}>
          <Input allowClear placeholder={t('common.batch_placeholder')} style={{ width: 220 }} />
        </Form.Item>
        {showSeller && (
          <Form.Item name="sellerId" label={t('stock.seller')}>
            <SellerSelect />
          </Form.Item>
        )}
      </SearchBar>
      <PagedTable<LocationStockRow>
        rowKey={(row) => `${row.locationId}:${row.skuId}`}
        columns={columns}
        query={rows}
        page={state}
        onPageChange={setState}
      />
      <MoveModal row={moving} onClose={() => setMoving(null)} />
    </>
  );
}
