/**
 * Adding a department (at the top or under a parent; its code follows from its place) or
 * editing one's name, order and description.
 */
import { Form, Input, InputNumber, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { addDepart, editDepart, useSystemChange } from '@api/modules/system.js';
import { sortNo, type DepartNode } from '@shared/contract/system-admin.js';
import { useFormSubmit } from '../common/feedback.js';
import { FormModal } from '../common/FormModal.js';
import { contractRule, maxLength, required } from '../common/rules.js';

interface DepartValues {
  departName: string;
  parentId?: string;
  sortNo?: number;
  description?: string;
}

/** What the modal does: add (under `parentId`, if any) or edit `depart`. */
export type DepartEditing = { mode: 'add'; parentId?: string } | { mode: 'edit'; depart: DepartNode };

export function DepartFormModal({
  editing,
  tree,
  onClose,
}: {
  editing: DepartEditing | null;
  tree: DepartNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<DepartValues>();
  const add = useSystemChange(addDepart, ['departs']);
  const edit = useSystemChange(editDepart, ['departs']);
  const { submit, failure, isSaving } = useFormSubmit(
    form,
    (values) => {
      const description = values.description?.trim() ?? '';
      return editing?.mode === 'edit'
        ? edit.mutateAsync({
            id: editing.depart.id,
            departName: values.departName.trim(),
            sortNo: values.sortNo ?? 0,
            description: description || null,
          })
        : add.mutateAsync({
            departName: values.departName.trim(),
            parentId: values.parentId,
            sortNo: values.sortNo ?? 0,
            description: description || undefined,
          });
    },
    onClose,
  );
  const initialValues: Partial<DepartValues> =
    editing?.mode === 'edit'
      ? {
          departName: editing.depart.departName,
          parentId: editing.depart.parentId ?? undefined,
          sortNo: editing.depart.sortNo,
          description: editing.depart.description ?? undefined,
        }
      : { parentId: editing?.parentId, sortNo: 0 };

  return (
    <FormModal
      title={
        editing?.mode === 'edit'
          ? t('depart.edit_title', { name: editing.depart.departName })
          : t('depart.add_title')
      }
      open={editing !== null}
      form={form}
      name="depart-form"
      initialValues={initialValues}
      failure={failure}
      isSaving={isSaving}
      onSave={() => void submit()}
      onClose={onClose}
    >
      <Form.Item
        name="departName"
        label={t('depart.name')}
        rules={[required(t, t('depart.name')), maxLength(t, 128)]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="parentId" label={t('depart.parent')} extra={t('depart.parent_hint')}>
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          treeData={tree}
          disabled={editing?.mode === 'edit'}
          placeholder={t('depart.top_level')}
        />
      </Form.Item>
      <Form.Item
        name="sortNo"
        label={t('common.sort_no')}
        rules={[contractRule(t, sortNo, t('common.sort_no'))]}
      >
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="description" label={t('common.description')} rules={[maxLength(t, 500)]}>
        <Input.TextArea rows={3} />
      </Form.Item>
    </FormModal>
  );
}
