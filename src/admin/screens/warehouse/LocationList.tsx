/**
 * Locations: server-paged, filtered by warehouse, partition, code, type and status
 * (idle, in use, full: it follows from what lies on a location and its capacity). Add one,
 * add a rack at once, edit, delete after a confirmation.
 */
import { AppstoreAddOutlined, PrinterOutlined } from '@ant-design/icons';
import { App, Badge, Button, Form, Input, Select, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInventoryChange, useInventoryQuery } from '@api/modules/inventory.js';
import {
  deleteLocation,
  fetchLocations,
  printLocationLabels,
  usePartitions,
  type LocationFilter,
} from '@api/modules/warehouse.js';
import type { LocationView } from '@shared/contract/warehouse.js';
import {
  LOCATION_STATUSES,
  LOCATION_TYPES,
  type LocationStatus,
  type LocationType,
} from '@shared/domain/warehouse.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { AddButton } from '../common/AddButton.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { actionsColumn, useDeleteAction } from '../common/RowActions.js';
import { useListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { useDictLabels, WarehouseSelect } from '../inventory/shared.js';
import { LocationFormModal, type LocationEditing } from './LocationFormModal.js';

interface Filter {
  warehouseId?: string;
  partitionId?: string;
  code?: string;
  locationType?: LocationType;
  status?: LocationStatus;
}

const INITIAL = { ...DEFAULT_PAGE, filter: {} as Filter };
const STATUS_BADGES: Record<LocationStatus, 'default' | 'processing' | 'error'> = {
  idle: 'default',
  in_use: 'processing',
  full: 'error',
};

function PartitionFilter({
  warehouseId,
  ...props
}: {
  warehouseId?: string;
  value?: string;
  onChange?: (value?: string) => void;
}) {
  const { t } = useTranslation('inventory');
  const partitions = usePartitions(warehouseId);
  return (
    <Select
      allowClear
      style={{ width: 150 }}
      placeholder={warehouseId ? t('common.all') : t('location.pick_warehouse_first')}
      disabled={!warehouseId}
      options={(partitions.data ?? []).map((partition) => ({ value: partition.id, label: partition.code }))}
      {...props}
    />
  );
}

export function LocationList() {
  const { t } = useTranslation('inventory');
  const { message } = App.useApp();
  const deleteAction = useDeleteAction();
  const types = useDictLabels('location_type', LOCATION_TYPES);
  const statuses = useDictLabels('shelf_status', LOCATION_STATUSES);
  const [state, setState, search] = useListState('warehouse/LocationList', INITIAL);
  const params: LocationFilter = {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    ...state.filter,
  };
  const locations = useInventoryQuery('locations', params, fetchLocations, { keepPrevious: true });
  const remove = useInventoryChange(deleteLocation);
  const [editing, setEditing] = useState<LocationEditing | null>(null);
  const [filterWarehouse, setFilterWarehouse] = useState(state.filter.warehouseId);
  const canEdit = hasAuth(PERMISSIONS.locationEdit);
  const [selected, setSelected] = useState<string[]>([]);
  const [isPrinting, setIsPrinting] = useState(false);

  /** The selected locations, else every location of the filtered partition or warehouse. */
  const print = async () => {
    const { warehouseId, partitionId } = state.filter;
    if (selected.length === 0 && !warehouseId) {
      void message.warning(t('location.print_pick'));
      return;
    }
    setIsPrinting(true);
    try {
      await printLocationLabels(selected.length > 0 ? { ids: selected } : { warehouseId, partitionId });
    } catch {
      // The error catalogue has said what went wrong.
    } finally {
      setIsPrinting(false);
    }
  };

  const columns: ColumnsType<LocationView> = [
    { title: t('stock.warehouse'), dataIndex: 'warehouseCode', width: 110 },
    {
      title: t('location.partition'),
      dataIndex: 'partitionCode',
      width: 110,
      render: (code: string | null) => code ?? '-',
    },
    { title: t('location.code'), dataIndex: 'code', width: 150 },
    {
      title: t('location.type'),
      dataIndex: 'locationType',
      width: 130,
      render: (type: string) => types.label(type),
    },
    {
      title: t('location.capacity'),
      dataIndex: 'capacity',
      width: 100,
      align: 'right',
      render: (capacity: number | null) => capacity ?? t('location.unlimited'),
    },
    { title: t('location.quantity'), dataIndex: 'quantity', width: 100, align: 'right' },
    { title: t('location.sku_count'), dataIndex: 'skuCount', width: 100, align: 'right' },
    {
      title: t('location.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: LocationStatus) => (
        <Badge status={STATUS_BADGES[status]} text={statuses.label(status)} />
      ),
    },
  ];
  if (canEdit) {
    columns.push(
      actionsColumn<LocationView>(t, { width: 120, fixed: 'right' }, (row) => [
        { key: 'edit', label: t('common.edit'), onClick: () => setEditing({ mode: 'edit', location: row }) },
        deleteAction({
          title: t('location.delete_title'),
          content: t('location.delete_confirm', { code: row.code }),
          remove: () => remove.mutateAsync(row.id),
        }),
      ]),
    );
  }

  return (
    <>
      <SearchBar<Filter>
        initialValues={state.filter}
        onSearch={(values) => {
          setFilterWarehouse(values.warehouseId);
          search(values);
        }}
      >
        <Form.Item name="warehouseId" label={t('stock.warehouse')}>
          <WarehouseSelect onChange={setFilterWarehouse} />
        </Form.Item>
        <Form.Item name="partitionId" label={t('location.partition')}>
          <PartitionFilter warehouseId={filterWarehouse} />
        </Form.Item>
        <Form.Item name="code" label={t('location.code')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="locationType" label={t('location.type')}>
          <Select allowClear style={{ width: 140 }} placeholder={t('common.all')} options={types.options} />
        </Form.Item>
        <Form.Item name="status" label={t('location.status')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('common.all')}
            options={statuses.options}
          />
        </Form.Item>
      </SearchBar>
      <Space style={{ marginBottom: 16 }} wrap>
        {canEdit && (
          <>
            <AddButton
              isInToolbar
              onClick={() => setEditing({ mode: 'add', warehouseId: state.filter.warehouseId })}
            >
              {t('location.add')}
            </AddButton>
            <Button
              icon={<AppstoreAddOutlined />}
              onClick={() => setEditing({ mode: 'rack', warehouseId: state.filter.warehouseId })}
            >
              {t('location.add_rack')}
            </Button>
          </>
        )}
        <Button icon={<PrinterOutlined />} loading={isPrinting} onClick={() => void print()}>
          {selected.length > 0
            ? t('location.print_selected', { count: selected.length })
            : t('location.print_all')}
        </Button>
      </Space>
      <PagedTable<LocationView>
        columns={columns}
        query={locations}
        page={state}
        onPageChange={setState}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
      />
      <LocationFormModal editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
