/**
 * Adding a warehouse or editing one: code, name, country, address, time zone, contact, and the
 * over-receipt tolerance (units or a percentage received beyond what was shipped without the
 * device asking the worker to confirm).
 */
import { Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInventoryChange } from '@api/modules/inventory.js';
import { addWarehouse, editWarehouse } from '@api/modules/warehouse.js';
import { overReceiptToleranceIn, type WarehouseView } from '@shared/contract/warehouse.js';
import { OVER_RECEIPT_UNITS, type OverReceiptUnit } from '@shared/domain/inbound.js';
import {
  timeZoneOfCountry,
  WAREHOUSE_CODE_PATTERN,
  WAREHOUSE_LIMITS as LIMITS,
} from '@shared/domain/warehouse.js';
import { useDuplicateRule } from '../common/duplicate-check.js';
import { useFormSubmit } from '../common/feedback.js';
import { FormModal } from '../common/FormModal.js';
import { contractRule, maxLength, required } from '../common/rules.js';

interface WarehouseValues {
  code: string;
  name: string;
  country: string;
  address?: string;
  timeZone: string;
  contactName?: string;
  contactPhone?: string;
  isActive: boolean;
  overReceiptUnit: OverReceiptUnit;
  overReceiptTolerance: number | null;
}

const COUNTRY = /^[A-Za-z]{2}$/;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export function WarehouseFormModal({
  editing,
  onClose,
}: {
  editing: WarehouseView | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('inventory');
  const [form] = Form.useForm<WarehouseValues>();
  const add = useInventoryChange(addWarehouse);
  const edit = useInventoryChange(editWarehouse);
  const { submit, failure, isSaving, clearFailure } = useFormSubmit(
    form,
    (values) => {
      const input = {
        code: values.code.trim(),
        name: values.name.trim(),
        country: values.country.trim().toUpperCase(),
        address: values.address?.trim() ?? '',
        timeZone: values.timeZone.trim(),
        contactName: values.contactName?.trim() ?? '',
        contactPhone: values.contactPhone?.trim() ?? '',
        isActive: values.isActive,
        overReceiptUnit: values.overReceiptUnit,
        // An emptied field means no tolerance.
        overReceiptTolerance: values.overReceiptTolerance ?? 0,
      };
      return editing !== null && editing !== 'new'
        ? edit.mutateAsync({ id: editing.id, ...input })
        : add.mutateAsync(input);
    },
    onClose,
  );
  // Codes are unique in the tenant (upper-cased, as stored); an edited warehouse keeps its own.
  const duplicateCode = useDuplicateRule(
    {
      tableName: 'warehouses',
      fieldName: 'code',
      dataId: editing !== null && editing !== 'new' ? editing.id : undefined,
    },
    WAREHOUSE_CODE_PATTERN,
  );
  const initialValues: Partial<WarehouseValues> =
    editing !== null && editing !== 'new'
      ? { ...editing }
      : { isActive: true, overReceiptUnit: 'units', overReceiptTolerance: 0 };
  // The time zone follows the country until the user names one.
  const followCountry = (changed: Partial<WarehouseValues>) => {
    if (changed.country === undefined || form.isFieldTouched('timeZone')) return;
    const zone = timeZoneOfCountry(changed.country);
    if (zone) form.setFieldValue('timeZone', zone);
  };
  return (
    <FormModal
      title={t(editing === 'new' ? 'warehouse.add' : 'warehouse.edit')}
      open={editing !== null}
      form={form}
      name="warehouse"
      initialValues={initialValues}
      onValuesChange={followCountry}
      failure={failure}
      isSaving={isSaving}
      onSave={() => void submit()}
      onClose={() => {
        clearFailure();
        onClose();
      }}
    >
      <Form.Item
        name="code"
        label={t('warehouse.code')}
        rules={[
          required(t, t('warehouse.code')),
          maxLength(t, LIMITS.code),
          { pattern: WAREHOUSE_CODE_PATTERN, message: t('validation.stock_code') },
          duplicateCode,
        ]}
        validateTrigger={['onChange', 'onBlur']}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('warehouse.name')}
        rules={[required(t, t('warehouse.name')), maxLength(t, LIMITS.name)]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="country"
        label={t('warehouse.country')}
        rules={[required(t, t('warehouse.country')), { pattern: COUNTRY, message: t('validation.country') }]}
      >
        <Input maxLength={2} style={{ width: 100 }} placeholder="TH" />
      </Form.Item>
      <Form.Item
        name="timeZone"
        label={t('warehouse.time_zone')}
        rules={[
          required(t, t('warehouse.time_zone')),
          {
            validator: (_rule, value: unknown) =>
              typeof value !== 'string' || value === '' || isTimeZone(value.trim())
                ? Promise.resolve()
                : Promise.reject(new Error(t('validation.time_zone'))),
          },
        ]}
      >
        <Input placeholder="Asia/Bangkok" />
      </Form.Item>
      <Form.Item name="address" label={t('warehouse.address')} rules={[maxLength(t, LIMITS.address)]}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Form.Item
        name="contactName"
        label={t('warehouse.contact_name')}
        rules={[maxLength(t, LIMITS.contactName)]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="contactPhone"
        label={t('warehouse.contact_phone')}
        rules={[maxLength(t, LIMITS.contactPhone)]}
      >
        <Input />
      </Form.Item>
      <Form.Item label={t('warehouse.over_receipt')} extra={t('warehouse.over_receipt_help')}>
        <Space.Compact>
          <Form.Item
            name="overReceiptTolerance"
            noStyle
            dependencies={['overReceiptUnit']}
            rules={[
              ({ getFieldValue }) =>
                contractRule(
                  t,
                  overReceiptToleranceIn(
                    getFieldValue('overReceiptUnit') === 'percent' ? 'percent' : 'units',
                  ),
                  t('warehouse.over_receipt'),
                ),
            ]}
          >
            <InputNumber style={{ width: 120 }} aria-label={t('warehouse.over_receipt')} />
          </Form.Item>
          <Form.Item name="overReceiptUnit" noStyle>
            <Select
              style={{ width: 140 }}
              aria-label={t('warehouse.over_receipt_unit')}
              options={OVER_RECEIPT_UNITS.map((value) => ({
                value,
                label: t(`warehouse.over_receipt_units.${value}`),
              }))}
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="isActive" label={t('warehouse.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
