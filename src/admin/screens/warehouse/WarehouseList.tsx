/**
 * Warehouses: server-paged, filtered by code, name and status; add and edit in a
 * modal, delete after a confirmation; each warehouse's partitions and staff in a drawer.
 */
import { Badge, Form, Input, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInventoryChange, useInventoryQuery } from '@api/modules/inventory.js';
import { deleteWarehouse, fetchWarehouses, type WarehouseFilter } from '@api/modules/warehouse.js';
import type { WarehouseView } from '@shared/contract/warehouse.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { AddButton } from '../common/AddButton.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { actionsColumn, useDeleteAction } from '../common/RowActions.js';
import { useListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { PartitionsDrawer } from './PartitionsDrawer.js';
import { StaffDrawer } from './StaffDrawer.js';
import { WarehouseFormModal } from './WarehouseFormModal.js';

interface Filter {
  code?: string;
  name?: string;
  isActive?: boolean;
}

const INITIAL = { ...DEFAULT_PAGE, filter: {} as Filter };

export function WarehouseList() {
  const { t } = useTranslation('inventory');
  const deleteAction = useDeleteAction();
  const [state, setState, search] = useListState('warehouse/WarehouseList', INITIAL);
  const params: WarehouseFilter = { pageNo: state.pageNo, pageSize: state.pageSize, ...state.filter };
  const warehouses = useInventoryQuery('warehouses', params, fetchWarehouses, { keepPrevious: true });
  const remove = useInventoryChange(deleteWarehouse);
  const [editing, setEditing] = useState<WarehouseView | 'new' | null>(null);
  const [partitionsOf, setPartitionsOf] = useState<WarehouseView | null>(null);
  const [staffOf, setStaffOf] = useState<WarehouseView | null>(null);
  const canAdd = hasAuth(PERMISSIONS.warehouseAdd);
  const canEdit = hasAuth(PERMISSIONS.warehouseEdit);
  const canStaff = hasAuth(PERMISSIONS.warehouseStaff);
  const canLocations = hasAuth(PERMISSIONS.locationEdit);

  const columns: ColumnsType<WarehouseView> = [
    { title: t('warehouse.code'), dataIndex: 'code', width: 100 },
    { title: t('warehouse.name'), dataIndex: 'name', width: 150, ellipsis: true },
    { title: t('warehouse.country'), dataIndex: 'country', width: 80 },
    { title: t('warehouse.time_zone'), dataIndex: 'timeZone', width: 140 },
    {
      title: t('warehouse.address'),
      dataIndex: 'address',
      ellipsis: true,
      render: (text: string) => text || '-',
    },
    {
      title: t('warehouse.contact'),
      key: 'contact',
      width: 160,
      render: (_value, row) => [row.contactName, row.contactPhone].filter(Boolean).join(' · ') || '-',
    },
    {
      title: t('warehouse.active'),
      dataIndex: 'isActive',
      width: 90,
      render: (active: boolean) =>
        active ? (
          <Badge status="success" text={t('warehouse.enabled')} />
        ) : (
          <Badge status="default" text={t('warehouse.disabled')} />
        ),
    },
    actionsColumn<WarehouseView>(t, { width: 210, fixed: 'right' }, (row) => [
      { key: 'edit', label: t('common.edit'), onClick: () => setEditing(row), show: canEdit },
      { key: 'partitions', label: t('warehouse.partitions'), onClick: () => setPartitionsOf(row) },
      { key: 'staff', label: t('warehouse.staff'), onClick: () => setStaffOf(row) },
      deleteAction({
        show: canEdit,
        title: t('warehouse.delete_title'),
        content: t('warehouse.delete_confirm', { code: row.code, name: row.name }),
        remove: () => remove.mutateAsync(row.id),
      }),
    ]),
  ];

  return (
    <>
      <SearchBar<Filter> initialValues={state.filter} onSearch={search}>
        <Form.Item name="code" label={t('warehouse.code')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="name" label={t('warehouse.name')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="isActive" label={t('warehouse.active')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('common.all')}
            options={[
              { value: true, label: t('warehouse.enabled') },
              { value: false, label: t('warehouse.disabled') },
            ]}
          />
        </Form.Item>
      </SearchBar>
      {canAdd && <AddButton onClick={() => setEditing('new')}>{t('warehouse.add')}</AddButton>}
      <PagedTable<WarehouseView> columns={columns} query={warehouses} page={state} onPageChange={setState} />
      <WarehouseFormModal editing={editing} onClose={() => setEditing(null)} />
      <PartitionsDrawer
        warehouse={partitionsOf}
        canEdit={canLocations}
        onClose={() => setPartitionsOf(null)}
      />
      <StaffDrawer warehouse={staffOf} canEdit={canStaff} onClose={() => setStaffOf(null)} />
    </>
  );
}
