/**
 * The stock list: balances per warehouse and SKU, server-paged, filtered by warehouse,
 * a comma-separated SKU batch search, stock age (7 to 180 days), below safety stock and, for
 * the warehouse side, the seller. Units are split by age bucket (under 30 to over 180 days).
 * Selected rows can be adjusted (with a reason, after a confirmation), frozen or unfrozen. The
 * frozen figure opens the orders holding those units; managers with the repair permission
 * re-derive reservations from open orders and see the report. The essential columns read at
 * 1366 px; codes, variation, in transit, stock age and locations are one tick away in the
 * column picker (remembered per user).
 */
import { LockOutlined, ToolOutlined, UnlockOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { batchValues, fetchStock, useInventoryQuery, type StockFilter } from '@api/modules/inventory.js';
import type { StockRow } from '@shared/contract/inventory.js';
import { STOCK_AGE_BUCKETS, STOCK_AGE_FILTERS, type StockAgeFilter } from '@shared/domain/stock.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { hasAuth } from '../auth.js';
import { usePickedColumns } from '../common/ColumnPicker.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { useListState } from '../common/screen-state.js';
import { ExportTaskButton } from '../common/ExportTaskButton.js';
import { SearchBar } from '../common/SearchBar.js';
import { RepairReservationsButton, StockHoldersModal } from '../orders/StockHolders.js';
import { isSellerSide, SellerSelect, sellersOf, useDictLabels, WarehouseSelect } from './shared.js';
import { StockChangeModal, type StockChangeMode } from './StockChangeModal.js';

interface StockFilterValues {
  warehouseId?: string;
  skuSearch?: string;
  stockAge?: StockAgeFilter;
  belowSafety?: boolean;
  sellerId?: string;
}

interface StockListState {
  pageNo: number;
  pageSize: number;
  filter: StockFilterValues;
}

/** Shown only when picked: the essential columns fit a 1366 px screen without them. */
const STOCK_HIDDEN_COLUMNS = ['sysCode', 'localCode', 'variation', 'inTransit', 'ages', 'locationCodes'];

const INITIAL: StockListState = { ...DEFAULT_PAGE, filter: {} };
const keyOf = (row: StockRow) => `${row.warehouseId}:${row.skuId}`;

export function StockList() {
  const { t } = useTranslation('inventory');
  const { message } = App.useApp();
  const me = useSessionUser();
  const ages = useDictLabels('stock_age', STOCK_AGE_BUCKETS);
  const [state, setState, search] = useListState('inventory/StockList', INITIAL);
  const { belowSafety, skuSearch, ...rest } = state.filter;
  const params: StockFilter = {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    ...rest,
    skuSearch: batchValues(skuSearch),
    belowSafety: belowSafety ? true : undefined,
  };
  const stock = useInventoryQuery('stock', params, fetchStock, { keepPrevious: true });
  const [selected, setSelected] = useState<StockRow[]>([]);
  const [mode, setMode] = useState<StockChangeMode | null>(null);
  const showSeller = !isSellerSide(me?.userRole);
  const canAdjust = hasAuth(PERMISSIONS.stockAdjust);
  const canFreeze = hasAuth(PERMISSIONS.stockFreeze);
  const canSeeHolders = hasAuth(PERMISSIONS.orderList);
  const canRepair = hasAuth(PERMISSIONS.orderRepair);
  const [held, setHeld] = useState<StockRow | null>(null);

  const act = (next: StockChangeMode) => {
    if (selected.length === 0) {
      void message.warning(t('stock.select_one'));
      return;
    }
    setMode(next);
  };

  const number = (value: number) => value.toLocaleString();
  const columns: ColumnsType<StockRow> = [
    { title: t('stock.sku'), dataIndex: 'sellerSku', width: 140, fixed: 'left', ellipsis: true },
    { title: t('stock.sys_code'), dataIndex: 'sysCode', width: 110 },
    {
      title: t('stock.local_code'),
      dataIndex: 'localCode',
      width: 110,
      render: (code: string | null) => code ?? '-',
    },
    { title: t('stock.name'), dataIndex: 'productName', width: 180, ellipsis: true },
    {
      title: t('stock.variation'),
      dataIndex: 'variation',
      width: 120,
      ellipsis: true,
      render: (text: string) => text || '-',
    },
    ...(showSeller
      ? [{ title: t('stock.seller'), dataIndex: 'sellerName', width: 120, ellipsis: true }]
      : []),
    {
      title: t('stock.warehouse'),
      dataIndex: 'warehouseCode',
      width: 110,
      render: (code: string, row) => <Tooltip title={row.warehouseName}>{code}</Tooltip>,
    },
    { title: t('stock.total'), dataIndex: 'total', width: 80, align: 'right', render: number },
    { title: t('stock.available'), dataIndex: 'available', width: 80, align: 'right', render: number },
    {
      title: t('stock.frozen'),
      dataIndex: 'frozen',
      width: 80,
      align: 'right',
      // Which orders hold the frozen units (the rest was frozen by hand).
      render: (frozen: number, row) =>
        frozen > 0 && canSeeHolders ? (
          <Tooltip title={t('stock.frozen_holders')}>
            <Typography.Link
              aria-label={t('stock.frozen_holders_of', { sku: row.sellerSku, warehouse: row.warehouseCode })}
              onClick={() => setHeld(row)}
            >
              {number(frozen)}
            </Typography.Link>
          </Tooltip>
        ) : (
          number(frozen)
        ),
    },
    { title: t('stock.in_transit'), dataIndex: 'inTransit', width: 80, align: 'right', render: number },
    {
      title: t('stock.safety_stock'),
      dataIndex: 'safetyStock',
      width: 100,
      align: 'right',
      render: (value: number, row) =>
        row.isBelowSafety ? <Tag color="red">{number(value)}</Tag> : number(value),
    },
    {
      title: t('stock.stock_age'),
      key: 'ages',
      children: STOCK_AGE_BUCKETS.map((bucket) => ({
        title: ages.label(bucket),
        key: `age_${bucket}`,
        width: 95,
        align: 'right' as const,
        render: (_value: unknown, row: StockRow) => number(row.ages[bucket]),
      })),
    },
    {
      title: t('stock.locations'),
      dataIndex: 'locationCodes',
      width: 160,
      ellipsis: true,
      render: (codes: string[]) => (codes.length > 0 ? codes.join(', ') : '-'),
    },
  ];

  const picked = usePickedColumns('inventory/StockList', columns, STOCK_HIDDEN_COLUMNS);
  const canChange = canAdjust || canFreeze;
  return (
    <>
      <SearchBar<StockFilterValues>
        initialValues={state.filter}
        onSearch={(values) => {
          setSelected([]);
          search(values);
        }}
      >
        <Form.Item name="warehouseId" label={t('stock.warehouse')}>
          <WarehouseSelect />
        </Form.Item>
        <Form.Item name="skuSearch" label={t('stock.sku')} tooltip={t('common.batch_hint')}>
          <Input allowClear placeholder={t('common.batch_placeholder')} style={{ width: 240 }} />
        </Form.Item>
        <Form.Item name="stockAge" label={t('stock.stock_age')}>
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('common.all')}
            options={STOCK_AGE_FILTERS.map((days) => ({ value: days, label: t('stock.age_over', { days }) }))}
          />
        </Form.Item>
        {showSeller && (
          <Form.Item name="sellerId" label={t('stock.seller')}>
            <SellerSelect known={sellersOf(stock.data?.records)} />
          </Form.Item>
        )}
        <Form.Item name="belowSafety" label={t('stock.below_safety')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </SearchBar>
      <Space style={{ marginBottom: 16 }} wrap>
        <ExportTaskButton
          request={{
            kind: 'stock',
            filters: {
              ...rest,
              skuSearch: batchValues(skuSearch),
              belowSafety: belowSafety ? 'true' : undefined,
            },
          }}
        />
        {picked.picker}
        {canRepair && <RepairReservationsButton warehouseId={rest.warehouseId} />}
        {canChange && (
          <>
            {canAdjust && (
              <Button type="primary" icon={<ToolOutlined />} onClick={() => act('adjust')}>
                {t('stock.adjust')}
              </Button>
            )}
            {canFreeze && (
              <>
                <Button danger icon={<LockOutlined />} onClick={() => act('freeze')}>
                  {t('stock.freeze')}
                </Button>
                <Button icon={<UnlockOutlined />} onClick={() => act('unfreeze')}>
                  {t('stock.unfreeze')}
                </Button>
              </>
            )}
            {selected.length > 0 && (
              <Typography.Text type="secondary">
                {t('common.selected', { count: selected.length })}
              </Typography.Text>
            )}
          </>
        )}
      </Space>
      <PagedTable<StockRow>
        rowKey={keyOf}
        bordered
        columns={picked.columns}
        query={stock}
        page={state}
        onPageChange={setState}
        rowSelection={
          canChange
            ? {
                selectedRowKeys: selected.map(keyOf),
                onChange: (_keys, rows) => setSelected(rows),
                fixed: true,
              }
            : undefined
        }
      />
      <StockHoldersModal stock={held} onClose={() => setHeld(null)} />
      <StockChangeModal
        mode={mode}
        rows={selected}
        onClose={(changed) => {
          setMode(null);
          if (changed) setSelected([]);
        }}
      />
    </>
  );
}
