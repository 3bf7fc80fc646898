/** Adding a dictionary (its code is set once) or editing its name and description. */
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { addDict, editDict, useSystemChange } from '@api/modules/system.js';
import type { DictView } from '@shared/contract/system-admin.js';
import { useFormSubmit } from '../common/feedback.js';
import { useDuplicateRule } from '../common/duplicate-check.js';
import { FormModal } from '../common/FormModal.js';
import { maxLength, required } from '../common/rules.js';

const DICT_CODE = /^[a-z0-9_]+$/;

interface DictValues {
  dictCode: string;
  dictName: string;
  description?: string;
}

export function DictFormModal({
  open,
  dict,
  onClose,
}: {
  open: boolean;
  dict: DictView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<DictValues>();
  const add = useSystemChange(addDict, ['dicts']);
  const edit = useSystemChange(editDict, ['dicts']);
  const duplicateCode = useDuplicateRule({ tableName: 'sys_dict', fieldName: 'dictCode' }, DICT_CODE);
  const { submit, failure, isSaving } = useFormSubmit(
    form,
    (values) => {
      const description = values.description?.trim() ?? '';
      return dict
        ? edit.mutateAsync({
            id: dict.id,
            dictName: values.dictName.trim(),
            description: description || null,
          })
        : add.mutateAsync({
            dictCode: values.dictCode.trim(),
            dictName: values.dictName.trim(),
            description: description || undefined,
          });
    },
    onClose,
  );
  return (
    <FormModal
      title={dict ? t('dict.edit_title', { name: dict.dictName }) : t('dict.add_title')}
      open={open}
      form={form}
      name="dict-form"
      initialValues={dict ? { ...dict, description: dict.description ?? undefined } : {}}
      failure={failure}
      isSaving={isSaving}
      onSave={() => void submit()}
      onClose={onClose}
    >
      <Form.Item
        name="dictCode"
        label={t('dict.code')}
        extra={dict ? undefined : t('dict.code_hint')}
        rules={
          dict
            ? []
            : [
                required(t, t('dict.code')),
                { pattern: DICT_CODE, message: t('validation.dict_code') },
                maxLength(t, 64),
                duplicateCode,
              ]
        }
        validateTrigger={['onChange', 'onBlur']}
      >
        <Input disabled={dict !== null} />
      </Form.Item>
      <Form.Item
        name="dictName"
        label={t('dict.name')}
        rules={[required(t, t('dict.name')), maxLength(t, 128)]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="description" label={t('common.description')} rules={[maxLength(t, 500)]}>
        <Input.TextArea rows={3} />
      </Form.Item>
    </FormModal>
  );
}
