/**
 * Destroying stock by age (spec 02 §9): a warehouse and an age (more than 7, 15, 30, 90 or 180
 * days) list the returned or damaged stock — units on returns or damaged locations — old enough
 * by its receipt lots; the selected rows are destroyed through the ledger after a confirmation
 * (spec 02 §9: destroy asks first), each row for all its units old enough.
 */
import { App, Button, Form, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { destroyStockByAge, useDestroyCandidates } from '@api/modules/destroy.js';
import { useInventoryChange } from '@api/modules/inventory.js';
import { useWarehouseOptions } from '@api/modules/warehouse.js';
import { DESTROY_AGES, type DestroyAge, type DestroyCandidate } from '@shared/contract/destroy.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { useFeedback } from '../common/feedback.js';
import { formatDateTime } from '../common/format.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { useListState } from '../common/screen-state.js';
import { WarehouseSelect } from './shared.js';

interface ListState {
  pageNo: number;
  pageSize: number;
  filter: { warehouseId: string; days: DestroyAge };
}

const INITIAL: ListState = { ...DEFAULT_PAGE, filter: { warehouseId: '', days: 30 } };
const keyOf = (row: DestroyCandidate) => `${row.locationId}:${row.skuId}`;

export function DestroyList() {
  const { t } = useTranslation('destroy');
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const [state, setState] = useListState('inventory/DestroyList', INITIAL);
  const warehouses = useWarehouseOptions();
  // The first of the user's warehouses until another is chosen: the list opens with something in it.
  const warehouseId = state.filter.warehouseId || warehouses.data?.[0]?.id || '';
  const { days } = state.filter;
  const [selected, setSelected] = useState<DestroyCandidate[]>([]);
  const destroy = useInventoryChange(destroyStockByAge);
  const candidates = useDestroyCandidates(
    warehouseId
      ? { pageNo: state.pageNo, pageSize: state.pageSize, warehouseId: warehouseId, days: days }
      : null,
  );
  const canDestroy = hasAuth(PERMISSIONS.stockDestroy);
  const units = selected.reduce((sum, row) => sum + row.agedQuantity, 0);

  const ask = () =>
    modal.confirm({
      title: t('confirm.title', { count: selected.length }),
      content: t('confirm.content', { units, days: days }),
      okText: t('destroy'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          feedback.done(
            await destroy.mutateAsync({
              warehouseId: warehouseId,
              days: days,
              lines: selected.map((row) => ({
                locationId: row.locationId,
                skuId: row.skuId,
                quantity: row.agedQuantity,
              })),
            }),
          );
          setSelected([]);
        } catch (error) {
          feedback.failed(error);
        }
      },
    });

  const columns: ColumnsType<DestroyCandidate> = [
    { title: t('list.location'), dataIndex: 'locationCode', width: 120 },
    {
      title: t('list.location_type'),
      dataIndex: 'locationType',
      width: 110,
      render: (type: string) => <Tag>{t(`type.${type}`)}</Tag>,
    },
    { title: t('list.sku'), dataIndex: 'sellerSku', width: 150 },
    { title: t('list.name'), dataIndex: 'name', ellipsis: true },
    { title: t('list.quantity'), dataIndex: 'quantity', width: 90, align: 'right' },
    { title: t('list.aged'), dataIndex: 'agedQuantity', width: 110, align: 'right' },
    { title: t('list.oldest'), dataIndex: 'oldestReceivedAt', width: 160, render: formatDateTime },
  ];

  return (
    <>
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('filter.warehouse')}>
          <WarehouseSelect
            allowClear={false}
            style={{ width: 200 }}
            value={warehouseId || undefined}
            onChange={(chosen) => {
              setSelected([]);
              setState({ filter: { days, warehouseId: chosen }, pageNo: 1 });
            }}
            placeholder={t('filter.pick_warehouse')}
            aria-label={t('filter.warehouse')}
          />
        </Form.Item>
        <Form.Item label={t('filter.age')}>
          <Select<DestroyAge>
            style={{ width: 200 }}
            value={days}
            aria-label={t('filter.age')}
            onChange={(chosen) => {
              setSelected([]);
              setState({ filter: { warehouseId, days: chosen }, pageNo: 1 });
            }}
            options={DESTROY_AGES.map((age) => ({ value: age, label: t('filter.more_than', { days: age }) }))}
          />
        </Form.Item>
        {canDestroy && (
          <Space>
            <Button danger type="primary" disabled={selected.length === 0} onClick={ask}>
              {t('destroy_selected', { count: selected.length })}
            </Button>
          </Space>
        )}
      </Form>
      {warehouseId === '' ? (
        <p>{t('filter.hint')}</p>
      ) : (
        <PagedTable<DestroyCandidate>
          rowKey={keyOf}
          bordered
          columns={columns}
          query={candidates}
          page={state}
          onPageChange={setState}
          rowSelection={
            canDestroy
              ? {
                  selectedRowKeys: selected.map(keyOf),
                  onChange: (_keys, rows) => setSelected(rows),
                }
              : undefined
          }
        />
      )}
    </>
  );
}
