/**
 * Warehouses (issue 4): server-paged, filtered by code, name and status; add and edit in a
 * modal, delete after a confirmation; each warehouse's partitions and staff in a drawer.
 */
import { PlusOutlined } from '@ant-design/icons';
import { App, Badge, Button, Form, Input, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInventoryChange, useInventoryQuery } from '../../../api/modules/inventory.js';
import { deleteWarehouse, fetchWarehouses, type WarehouseFilter } from '../../../api/modules/warehouse.js';
import type { WarehouseView } from '../../../shared/contract/warehouse.js';
import { PERMISSIONS } from '../../../shared/permissions.js';
import { hasAuth } from '../auth.js';
import { useFeedback } from '../common/feedback.js';
import { DEFAULT_PAGE, tablePagination } from '../common/paging.js';
import { cleanFilter, useScreenState } from '../common/screen-state.js';
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

export default function WarehouseList() {
  const { t } = useTranslation('inventory');
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const [state, setState] = useScreenState('warehouse/WarehouseList', INITIAL);
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

  const confirmDelete = (warehouse: WarehouseView) =>
    modal.confirm({
      title: t('warehouse.delete_title'),
      content: t('warehouse.delete_confirm', { code: warehouse.code, name: warehouse.name }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          feedback.done(await remove.mutateAsync(warehouse.id));
        } catch (error) {
          feedback.failed(error);
        }
      },
    });

  const columns: ColumnsType<WarehouseView> = [
    { title: t('warehouse.code'), dataIndex: 'code', width: 120 },
    { title: t('warehouse.name'), dataIndex: 'name', width: 180 },
    { title: t('warehouse.country'), dataIndex: 'country', width: 80 },
    { title: t('warehouse.time_zone'), dataIndex: 'timeZone', width: 150 },
    {
      title: t('warehouse.address'),
      dataIndex: 'address',
      ellipsis: true,
      render: (text: string) => text || '-',
    },
    {
      title: t('warehouse.contact'),
      key: 'contact',
      width: 180,
      render: (_value, row) => [row.contactName, row.contactPhone].filter(Boolean).join(' · ') || '-',
    },
    {
      title: t('warehouse.active'),
      dataIndex: 'isActive',
      width: 100,
      render: (active: boolean) =>
        active ? (
          <Badge status="success" text={t('warehouse.enabled')} />
        ) : (
          <Badge status="default" text={t('warehouse.disabled')} />
        ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_value, row) => (
        <Space size={12}>
          {canEdit && <Typography.Link onClick={() => setEditing(row)}>{t('common.edit')}</Typography.Link>}
          <Typography.Link onClick={() => setPartitionsOf(row)}>{t('warehouse.partitions')}</Typography.Link>
          <Typography.Link onClick={() => setStaffOf(row)}>{t('warehouse.staff')}</Typography.Link>
          {canEdit && (
            <Typography.Link type="danger" onClick={() => confirmDelete(row)}>
              {t('common.delete')}
            </Typography.Link>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <SearchBar<Filter>
        initialValues={state.filter}
        onSearch={(values) => setState({ filter: cleanFilter(values), pageNo: 1 })}
      >
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
      {canAdd && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          style={{ marginBottom: 16 }}
        >
          {t('warehouse.add')}
        </Button>
      )}
      <Table<WarehouseView>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={warehouses.data?.records}
        loading={warehouses.isFetching}
        scroll={{ x: 1250 }}
        pagination={tablePagination(t, state, warehouses.data?.total, (page) => setState(page))}
      />
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
