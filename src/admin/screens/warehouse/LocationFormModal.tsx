/**
 * Adding one location, a rack of locations at once (prefix, levels and positions give codes
 * such as A01-02-03), or editing one. Codes are letters, digits and - _ . (printed as barcodes).
 */
import { Form, Input, InputNumber, Select, Typography, type FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Envelope } from '@api/client.js';
import { useInventoryChange } from '@api/modules/inventory.js';
import {
  addLocation,
  addLocations,
  editLocation,
  takenLocationCodes,
  usePartitions,
} from '@api/modules/warehouse.js';
import { locationAddBody, type LocationView } from '@shared/contract/warehouse.js';
import {
  LOCATION_TYPES,
  WAREHOUSE_CODE_PATTERN,
  WAREHOUSE_LIMITS as LIMITS,
  type LocationType,
} from '@shared/domain/warehouse.js';
import { useDictLabels, WarehouseSelect } from '../inventory/shared.js';
import { latestAfterWait, useDuplicateRule } from '../common/duplicate-check.js';
import { useFormSubmit } from '../common/feedback.js';
import { FormModal } from '../common/FormModal.js';
import { contractRule, maxLength, required, requiredChoice } from '../common/rules.js';

export type LocationEditing =
  { mode: 'add' | 'rack'; warehouseId?: string } | { mode: 'edit'; location: LocationView };

interface LocationValues {
  warehouseId: string;
  partitionId?: string;
  code: string;
  prefix: string;
  levels: number;
  positions: number;
  locationType: LocationType;
  capacity?: number | null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** How many of a rack's taken codes its message names. */
const TAKEN_NAMED = 5;

/**
 * The duplicate check of a rack (on the prefix, when it or the warehouse or the size changes):
 * which of the codes it would make the warehouse already holds, named before it is sent. Each
 * rack is asked once; a check that fails lets it through, for the server to judge.
 */
function useRackCodesRule(t: TFunction): FormRule {
  return useMemo(() => {
    const answers = new Map<string, Promise<string[]>>();
    const isLatest = latestAfterWait();
    return ({ getFieldValue }) => ({
      validateTrigger: 'onBlur',
      validator: async (_rule, value: unknown) => {
        const prefix = typeof value === 'string' ? value.trim().toUpperCase() : '';
        const warehouseId: unknown = getFieldValue('warehouseId');
        const levels: unknown = getFieldValue('levels');
        const positions: unknown = getFieldValue('positions');
        if (!prefix || !WAREHOUSE_CODE_PATTERN.test(prefix) || typeof warehouseId !== 'string') return;
        if (!rackSize.safeParse(levels).success || !rackSize.safeParse(positions).success) return;
        const codes = rackCodes(prefix, levels as number, positions as number);
        if (codes.length > LIMITS.batchLocations) return;
        if (!(await isLatest())) return;
        const key = `${warehouseId} ${prefix} ${String(levels)} ${String(positions)}`;
        let answer = answers.get(key);
        if (!answer) {
          answer = takenLocationCodes({ warehouseId, codes }).catch(() => []);
          answers.set(key, answer);
        }
        const taken = await answer;
        if (taken.length === 0) return;
        const named = taken.slice(0, TAKEN_NAMED).join(', ') + (taken.length > TAKEN_NAMED ? ', …' : '');
        throw new Error(t('location.rack_codes_taken', { taken: taken.length, codes: named }));
      },
    });
  }, [t]);
}

/** Levels or positions of a rack: a whole number from 1 to 99 (two-digit codes). */
const rackSize = z.number().int().min(1).max(LIMITS.rackSize);

/** The codes of a rack: prefix-level-position, levels and positions from 01. */
export function rackCodes(prefix: string, levels: number, positions: number): string[] {
  const codes: string[] = [];
  for (let level = 1; level <= levels; level += 1)
    for (let position = 1; position <= positions; position += 1)
      codes.push(`${prefix}-${pad(level)}-${pad(position)}`);
  return codes;
}

export function LocationFormModal({
  editing,
  onClose,
}: {
  editing: LocationEditing | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('inventory');
  const [form] = Form.useForm<LocationValues>();
  const types = useDictLabels('location_type', LOCATION_TYPES);
  const warehouseId = Form.useWatch('warehouseId', form);
  const prefix = Form.useWatch('prefix', form);
  const levels = Form.useWatch('levels', form);
  const positions = Form.useWatch('positions', form);
  const partitions = usePartitions(editing?.mode === 'edit' ? editing.location.warehouseId : warehouseId);
  const add = useInventoryChange(addLocation);
  const addRack = useInventoryChange(addLocations);
  const edit = useInventoryChange(editLocation);
  const mode = editing?.mode ?? 'add';
  const count =
    rackSize.safeParse(levels).success && rackSize.safeParse(positions).success ? levels * positions : 0;

  const { submit, failure, isSaving, clearFailure } = useFormSubmit(
    form,
    (values): Promise<Envelope<unknown>> => {
      const common = {
        partitionId: values.partitionId ?? null,
        locationType: values.locationType,
        capacity: values.capacity ?? null,
      };
      if (editing?.mode === 'edit')
        return edit.mutateAsync({ id: editing.location.id, code: values.code.trim(), ...common });
      if (mode === 'rack')
        return addRack.mutateAsync({
          warehouseId: values.warehouseId,
          codes: rackCodes(values.prefix.trim(), values.levels, values.positions),
          ...common,
        });
      return add.mutateAsync({ warehouseId: values.warehouseId, code: values.code.trim(), ...common });
    },
    onClose,
  );

  const initialValues: Partial<LocationValues> =
    editing?.mode === 'edit'
      ? {
          warehouseId: editing.location.warehouseId,
          partitionId: editing.location.partitionId ?? undefined,
          code: editing.location.code,
          locationType: editing.location.locationType,
          capacity: editing.location.capacity,
        }
      : { warehouseId: editing?.warehouseId, locationType: 'storage', levels: 4, positions: 5 };
  const codeRules = [
    required(t, t('location.code')),
    { pattern: WAREHOUSE_CODE_PATTERN, message: t('validation.stock_code') },
  ];
  // Location codes are unique in their warehouse, asked once one is chosen (and again when it
  // changes: the field lists it in its dependencies); an edited location keeps its own.
  const duplicateCode = useDuplicateRule(
    {
      tableName: 'warehouse_locations',
      fieldName: 'code',
      dataId: editing?.mode === 'edit' ? editing.location.id : undefined,
      scopeField: 'warehouseId',
    },
    WAREHOUSE_CODE_PATTERN,
  );
  const takenRack = useRackCodesRule(t);

  return (
    <FormModal
      title={t(`location.${mode}_title`)}
      open={editing !== null}
      form={form}
      name="location"
      initialValues={initialValues}
      failure={failure}
      isSaving={isSaving}
      onSave={() => void submit()}
      onClose={() => {
        clearFailure();
        onClose();
      }}
    >
      <Form.Item
        name="warehouseId"
        label={t('stock.warehouse')}
        rules={[requiredChoice(t, t('stock.warehouse'))]}
      >
        <WarehouseSelect
          allowClear={false}
          disabled={mode === 'edit'}
          style={{ width: '100%' }}
          placeholder={t('location.pick_warehouse')}
        />
      </Form.Item>
      <Form.Item name="partitionId" label={t('location.partition')}>
        <Select
          allowClear
          placeholder={t('location.no_partition')}
          options={(partitions.data ?? []).map((partition) => ({
            value: partition.id,
            label: `${partition.code} · ${partition.name}`,
          }))}
        />
      </Form.Item>
      {mode === 'rack' ? (
        <>
          <Form.Item
            name="prefix"
            label={t('location.rack_prefix')}
            rules={[
              ...codeRules.slice(1),
              required(t, t('location.rack_prefix')),
              maxLength(t, LIMITS.code - 6),
              takenRack,
            ]}
            dependencies={['warehouseId', 'levels', 'positions']}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input placeholder="A01" />
          </Form.Item>
          <Form.Item label={t('location.rack_size')} required style={{ marginBottom: 0 }}>
            <Form.Item
              name="levels"
              rules={[
                { required: true, message: t('location.levels') },
                contractRule(t, rackSize, t('location.levels')),
              ]}
              style={{ display: 'inline-block', marginRight: 8 }}
            >
              {/* No min, max or precision: antd would clamp "-2" to 1 on blur; the rule refuses it. */}
              <InputNumber addonAfter={t('location.levels')} aria-label={t('location.levels')} />
            </Form.Item>
            <Form.Item
              name="positions"
              rules={[
                { required: true, message: t('location.positions') },
                contractRule(t, rackSize, t('location.positions')),
              ]}
              style={{ display: 'inline-block' }}
            >
              <InputNumber addonAfter={t('location.positions')} aria-label={t('location.positions')} />
            </Form.Item>
          </Form.Item>
          <Typography.Paragraph type={count > LIMITS.batchLocations ? 'danger' : 'secondary'}>
            {count > LIMITS.batchLocations
              ? t('location.rack_too_many', { max: LIMITS.batchLocations })
              : t('location.rack_preview', {
                  count,
                  first: prefix ? rackCodes(prefix.trim().toUpperCase(), 1, 1)[0] : '-',
                })}
          </Typography.Paragraph>
        </>
      ) : (
        <Form.Item
          name="code"
          label={t('location.code')}
          rules={[...codeRules, maxLength(t, LIMITS.code), duplicateCode]}
          dependencies={['warehouseId']}
          validateTrigger={['onChange', 'onBlur']}
        >
          <Input />
        </Form.Item>
      )}
      <Form.Item
        name="locationType"
        label={t('location.type')}
        rules={[requiredChoice(t, t('location.type'))]}
      >
        <Select options={types.options} />
      </Form.Item>
      <Form.Item
        name="capacity"
        label={t('location.capacity')}
        extra={t('location.capacity_hint')}
        rules={[contractRule(t, locationAddBody.shape.capacity, t('location.capacity'))]}
      >
        <InputNumber style={{ width: 160 }} />
      </Form.Item>
    </FormModal>
  );
}
