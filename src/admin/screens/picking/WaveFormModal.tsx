/**
 * Making a wave: the warehouse, then either the orders chosen from those ready to pick (waiting
 * to ship with a tracking number, fully reserved, no problem, in no other open wave), or the
 * criteria (logistics channel, parcel type, shop, at most how many orders) the server applies to
 * them, oldest ship-by first.
 */
import { Form, InputNumber, Modal, Radio, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddWave, useReadyOrders } from '@api/modules/picking.js';
import { createWaveInput, type ReadyOrderRow } from '@shared/contract/picking.js';
import { PARCEL_TYPES, type ParcelType } from '@shared/domain/order.js';
import { WAVE_LIMITS } from '@shared/domain/picking.js';
import { FormFailure, useFormSubmit } from '../common/feedback.js';
import { formatDateTime } from '../common/format.js';
import { useNamedRowSelection } from '../common/row-selection.js';
import { contractRule, requiredChoice } from '../common/rules.js';
import { WarehouseSelect } from '../inventory/shared.js';

interface WaveValues {
  warehouseId: string;
  mode: 'orders' | 'criteria';
  channelId?: string;
  parcelType?: ParcelType;
  shopId?: string;
  maxOrders?: number;
}

export function WaveFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('waves');
  const [form] = Form.useForm<WaveValues>();
  const warehouseId = Form.useWatch('warehouseId', form) ?? '';
  const mode = Form.useWatch('mode', form) ?? 'orders';
  const [selected, setSelected] = useState<string[]>([]);
  const ready = useReadyOrders(warehouseId);
  const add = useAddWave();
  const rows = useMemo(() => ready.data ?? [], [ready.data]);
  const choices = (pick: (row: ReadyOrderRow) => [string | null, string]) =>
    [
      ...new Map(
        rows
          .map(pick)
          .filter(([value]) => value)
          .map(([value, label]) => [value, label]),
      ),
    ].map(([value, label]) => ({ value: value ?? '', label: label || value }));
  const { submit, failure, isSaving, clearFailure } = useFormSubmit(
    form,
    (values) =>
      add.mutateAsync(
        values.mode === 'orders'
          ? { warehouseId: values.warehouseId, orderIds: selected }
          : {
              warehouseId: values.warehouseId,
              channelId: values.channelId ?? '',
              parcelType: values.parcelType ?? '',
              shopId: values.shopId ?? '',
              maxOrders: values.maxOrders ?? 50,
            },
      ),
    () => {
      setSelected([]);
      onClose();
    },
  );
  const columns: ColumnsType<ReadyOrderRow> = [
    { title: t('form.order_no'), dataIndex: 'orderNo', width: 160 },
    {
      title: t('form.shop'),
      dataIndex: 'shopName',
      width: 140,
      render: (name: string, row) => name || row.shopId,
    },
    { title: t('form.channel'), dataIndex: 'channelName', width: 140 },
    {
      title: t('form.parcel_type'),
      dataIndex: 'parcelType',
      width: 130,
      render: (type: ParcelType) => t(`parcel_type.${type}`),
    },
    { title: t('form.units'), dataIndex: 'units', width: 70, align: 'right' },
    {
      title: t('form.ship_by'),
      dataIndex: 'shipBy',
      width: 150,
      render: (value: string | null) => formatDateTime(value),
    },
  ];
  const rowSelection = useNamedRowSelection<ReadyOrderRow>(
    {
      selectedRowKeys: selected,
      onChange: (keys) => setSelected(keys.map(String).slice(0, WAVE_LIMITS.orders)),
    },
    columns,
  );
  return (
    <Modal
      open={open}
      width={900}
      title={t('form.title')}
      okText={t('form.create')}
      cancelText={t('form.cancel')}
      confirmLoading={isSaving}
      okButtonProps={{ disabled: mode === 'orders' && selected.length === 0 }}
      onOk={() => void submit()}
      onCancel={() => {
        clearFailure();
        setSelected([]);
        onClose();
      }}
      destroyOnHidden
    >
      <FormFailure text={failure} />
      <Form
        form={form}
        name="wave"
        layout="vertical"
        preserve={false}
        initialValues={{ mode: 'orders', maxOrders: 50 }}
      >
        <Form.Item
          name="warehouseId"
          label={t('list.warehouse')}
          rules={[requiredChoice(t, t('list.warehouse'))]}
        >
          <WarehouseSelect
            allowClear={false}
            placeholder={t('form.pick_warehouse')}
            onChange={() => setSelected([])}
          />
        </Form.Item>
        <Form.Item name="mode" label={t('form.mode')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'orders', label: t('form.mode_orders') },
              { value: 'criteria', label: t('form.mode_criteria') },
            ]}
          />
        </Form.Item>
        {mode === 'criteria' && (
          <>
            <Form.Item name="channelId" label={t('form.channel')}>
              <Select
                allowClear
                style={{ width: 240 }}
                options={choices((row) => [row.channelId, row.channelName])}
              />
            </Form.Item>
            <Form.Item name="parcelType" label={t('form.parcel_type')}>
              <Select
                allowClear
                style={{ width: 240 }}
                options={PARCEL_TYPES.map((value) => ({ value, label: t(`parcel_type.${value}`) }))}
              />
            </Form.Item>
            <Form.Item name="shopId" label={t('form.shop')}>
              <Select
                allowClear
                style={{ width: 240 }}
                options={choices((row) => [row.shopId, row.shopName])}
              />
            </Form.Item>
            <Form.Item
              name="maxOrders"
              label={t('form.max_orders')}
              rules={[contractRule(t, createWaveInput.shape.maxOrders, t('form.max_orders'))]}
            >
              <InputNumber aria-label={t('form.max_orders')} />
            </Form.Item>
          </>
        )}
      </Form>
      {mode === 'orders' && (
        <Table<ReadyOrderRow>
          rowKey="id"
          size="small"
          bordered
          loading={ready.isFetching}
          columns={columns}
          dataSource={rows}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          scroll={{ y: 320 }}
          locale={{ emptyText: warehouseId ? t('form.no_ready') : t('form.pick_warehouse') }}
          rowSelection={rowSelection}
          title={() => t('form.selected', { count: selected.length })}
        />
      )}
    </Modal>
  );
}
