/**
 * Planning a stock check order: the warehouse, how it is counted (the whole warehouse, chosen
 * locations, or wherever chosen products lie), who counts it (anyone of the warehouse when
 * nobody is chosen), and a note.
 */
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { addCount } from '@api/modules/counts.js';
import { useInventoryChange, useInventoryQuery } from '@api/modules/inventory.js';
import { fetchStaff } from '@api/modules/warehouse.js';
import { COUNT_LIMITS, COUNT_TYPES, type CountType } from '@shared/domain/counts.js';
import { FormFailure, useFormSubmit } from '../common/feedback.js';
import { maxLength, requiredChoice } from '../common/rules.js';
import { SkuSelect } from '../inbound/shared.js';
import { LocationSelect } from '../inventory/LocationSelect.js';
import { WarehouseSelect } from '../inventory/shared.js';
import { useCountLabels } from './shared.js';

interface CountValues {
  warehouseId: string;
  type: CountType;
  locationIds?: string[];
  skuIds?: string[];
  assigneeId?: string;
  note?: string;
}

export function CounterSelect({
  warehouseId,
  ...props
}: {
  warehouseId: string;
  value?: string;
  onChange?: (value?: string) => void;
}) {
  const { t } = useTranslation('counts');
  const staff = useInventoryQuery('staff', warehouseId, fetchStaff, { enabled: warehouseId !== '' });
  return (
    <Select<string>
      allowClear
      placeholder={t('form.anyone')}
      loading={staff.isFetching}
      style={{ width: 240 }}
      options={(staff.data ?? []).map((user) => ({
        value: user.userId,
        label: user.realname || user.username,
      }))}
      {...props}
    />
  );
}

export function CountFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('counts');
  const labels = useCountLabels();
  const [form] = Form.useForm<CountValues>();
  const warehouseId = Form.useWatch('warehouseId', form) ?? '';
  const type = Form.useWatch('type', form) ?? 'location';
  const add = useInventoryChange(addCount);
  const { submit, failure, isSaving, clearFailure } = useFormSubmit(
    form,
    (values) =>
      add.mutateAsync({
        warehouseId: values.warehouseId,
        type: values.type,
        locationIds: values.type === 'location' ? (values.locationIds ?? []) : [],
        skuIds: values.type === 'product' ? (values.skuIds ?? []) : [],
        assigneeId: values.assigneeId ?? null,
        note: values.note?.trim() ?? '',
      }),
    onClose,
  );
  return (
    <Modal
      open={open}
      title={t('form.title')}
      okText={t('form.create')}
      cancelText={t('common.cancel')}
      confirmLoading={isSaving}
      onOk={() => void submit()}
      onCancel={() => {
        clearFailure();
        onClose();
      }}
      destroyOnHidden
    >
      <FormFailure text={failure} />
      <Form form={form} name="count" layout="vertical" preserve={false} initialValues={{ type: 'location' }}>
        <Form.Item
          name="warehouseId"
          label={t('list.warehouse')}
          rules={[requiredChoice(t, t('list.warehouse'))]}
        >
          <WarehouseSelect
            allowClear={false}
            placeholder={t('form.pick_warehouse')}
            onChange={() => form.setFieldsValue({ locationIds: [], assigneeId: undefined })}
          />
        </Form.Item>
        <Form.Item name="type" label={t('list.type')}>
          <Radio.Group
            optionType="button"
            options={COUNT_TYPES.map((value) => ({ value, label: labels.type(value) }))}
          />
        </Form.Item>
        {type === 'location' && (
          <Form.Item
            name="locationIds"
            label={t('form.locations')}
            rules={[requiredChoice(t, t('form.locations'))]}
          >
            <LocationSelect warehouseId={warehouseId} mode="multiple" disabled={warehouseId === ''} />
          </Form.Item>
        )}
        {type === 'product' && (
          <Form.Item name="skuIds" label={t('form.skus')} rules={[requiredChoice(t, t('form.skus'))]}>
            <SkuSelect mode="multiple" />
          </Form.Item>
        )}
        <Form.Item name="assigneeId" label={t('list.assignee')}>
          <CounterSelect warehouseId={warehouseId} />
        </Form.Item>
        <Form.Item name="note" label={t('form.note')} rules={[maxLength(t, COUNT_LIMITS.note)]}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
