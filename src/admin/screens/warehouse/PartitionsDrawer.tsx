/** A warehouse's partitions (zones): list, add, rename and delete (after a confirmation). */
import { Button, Drawer, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInventoryChange } from '@api/modules/inventory.js';
import { addPartition, deletePartition, editPartition, usePartitions } from '@api/modules/warehouse.js';
import type { PartitionView, WarehouseView } from '@shared/contract/warehouse.js';
import { WAREHOUSE_CODE_PATTERN, WAREHOUSE_LIMITS as LIMITS } from '@shared/domain/warehouse.js';
import { AddButton } from '../common/AddButton.js';
import { useDuplicateRule } from '../common/duplicate-check.js';
import { FormFailure, useFormSubmit } from '../common/feedback.js';
import { QueryTable } from '../common/PagedTable.js';
import { RowActions, useDeleteAction } from '../common/RowActions.js';
import { maxLength, required } from '../common/rules.js';

interface PartitionValues {
  code: string;
  name: string;
}

export function PartitionsDrawer({
  warehouse,
  canEdit,
  onClose,
}: {
  warehouse: WarehouseView | null;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('inventory');
  const deleteAction = useDeleteAction();
  const partitions = usePartitions(warehouse?.id);
  const [form] = Form.useForm<PartitionValues>();
  const [editing, setEditing] = useState<PartitionView | 'new' | null>(null);
  const add = useInventoryChange(addPartition);
  const edit = useInventoryChange(editPartition);
  const remove = useInventoryChange(deletePartition);
  // Partition codes are unique in their warehouse; an edited partition keeps its own.
  const duplicateCode = useDuplicateRule(
    {
      tableName: 'warehouse_partitions',
      fieldName: 'code',
      dataId: editing !== null && editing !== 'new' ? editing.id : undefined,
      scopeId: warehouse?.id ?? null,
    },
    WAREHOUSE_CODE_PATTERN,
  );
  const { submit, failure, isSaving, clearFailure } = useFormSubmit(
    form,
    (values) =>
      editing !== null && editing !== 'new'
        ? edit.mutateAsync({ id: editing.id, code: values.code.trim(), name: values.name.trim() })
        : add.mutateAsync({
            warehouseId: warehouse?.id ?? '',
            code: values.code.trim(),
            name: values.name.trim(),
          }),
    () => {
      setEditing(null);
      form.resetFields();
    },
  );

  const open = (next: PartitionView | 'new') => {
    clearFailure();
    setEditing(next);
    form.setFieldsValue(next === 'new' ? { code: '', name: '' } : { code: next.code, name: next.name });
  };

  return (
    <Drawer
      open={warehouse !== null}
      width={620}
      title={t('partition.title', { warehouse: warehouse?.code ?? '' })}
      onClose={onClose}
      destroyOnHidden
    >
      {canEdit && editing === null && <AddButton onClick={() => open('new')}>{t('partition.add')}</AddButton>}
      {editing !== null && (
        <>
          <FormFailure text={failure} />
          <Form form={form} name="partition" layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
            <Form.Item
              name="code"
              label={t('partition.code')}
              rules={[
                required(t, t('partition.code')),
                maxLength(t, LIMITS.code),
                { pattern: WAREHOUSE_CODE_PATTERN, message: t('validation.stock_code') },
                duplicateCode,
              ]}
              validateTrigger={['onChange', 'onBlur']}
            >
              <Input style={{ width: 120 }} />
            </Form.Item>
            <Form.Item
              name="name"
              label={t('partition.name')}
              rules={[required(t, t('partition.name')), maxLength(t, LIMITS.name)]}
            >
              <Input style={{ width: 150 }} />
            </Form.Item>
            <Space>
              <Button type="primary" loading={isSaving} onClick={() => void submit()}>
                {t('common.save')}
              </Button>
              <Button onClick={() => setEditing(null)}>{t('common.cancel')}</Button>
            </Space>
          </Form>
        </>
      )}
      <QueryTable<PartitionView>
        size="small"
        pagination={false}
        query={partitions}
        columns={[
          { title: t('partition.code'), dataIndex: 'code' },
          { title: t('partition.name'), dataIndex: 'name' },
          { title: t('partition.locations'), dataIndex: 'locationCount', align: 'right' },
          ...(canEdit
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  width: 120,
                  render: (_value: unknown, row: PartitionView) => (
                    <RowActions
                      size="small"
                      actions={[
                        { key: 'edit', label: t('common.edit'), onClick: () => open(row) },
                        deleteAction({
                          title: t('partition.delete_title'),
                          content: t('partition.delete_confirm', { code: row.code }),
                          remove: () => remove.mutateAsync(row.id),
                        }),
                      ]}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </Drawer>
  );
}
