/**
 * Adding or editing a role: a code (set once, letters, digits and _), a name and a description.
 * A new role's code is checked with the server on blur: sellers' by their own check, the
 * system's by the duplicate check (spec 01 §5).
 */
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@api/client.js';
import type { RoleAddInput, RoleEditInput, RoleView } from '@shared/contract/system-admin.js';
import { useFormSubmit } from './feedback.js';
import { FormModal } from './FormModal.js';
import { useDuplicateRule } from './duplicate-check.js';
import { CODE_PATTERN, codeRule, freeRule, maxLength, required } from './rules.js';

interface RoleValues {
  roleCode: string;
  roleName: string;
  description?: string;
}

export interface RoleSaver {
  add: (input: RoleAddInput) => Promise<Envelope<RoleView>>;
  edit: (input: RoleEditInput) => Promise<Envelope<RoleView>>;
  isCodeFree?: (roleCode: string) => Promise<boolean>;
  /** System roles: a new code is asked of the duplicate check (sys_role.role_code). */
  checksDuplicate?: boolean;
}

export function RoleFormModal({
  open,
  role,
  saver,
  onClose,
}: {
  open: boolean;
  role: RoleView | null;
  saver: RoleSaver;
  onClose: () => void;
}) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<RoleValues>();
  const { submit, failure, isSaving } = useFormSubmit(
    form,
    (values) => {
      const description = values.description?.trim() ?? '';
      return role
        ? saver.edit({ id: role.id, roleName: values.roleName.trim(), description: description || null })
        : saver.add({
            roleCode: values.roleCode.trim(),
            roleName: values.roleName.trim(),
            description: description || undefined,
          });
    },
    onClose,
  );
  const duplicateCode = useDuplicateRule({ tableName: 'sys_role', fieldName: 'roleCode' }, CODE_PATTERN);
  const codeRules = role
    ? []
    : [
        required(t, t('role.code')),
        codeRule(t),
        maxLength(t, 64),
        ...(saver.isCodeFree ? [freeRule(saver.isCodeFree, t('validation.code_taken'), CODE_PATTERN)] : []),
        ...(saver.checksDuplicate ? [duplicateCode] : []),
      ];
  return (
    <FormModal
      title={role ? t('role.edit_title', { name: role.roleName }) : t('role.add_title')}
      open={open}
      form={form}
      name="role-form"
      initialValues={role ? { ...role, description: role.description ?? undefined } : {}}
      failure={failure}
      isSaving={isSaving}
      onSave={() => void submit()}
      onClose={onClose}
    >
      <Form.Item
        name="roleCode"
        label={t('role.code')}
        rules={codeRules}
        validateTrigger={['onChange', 'onBlur']}
        extra={role ? undefined : t('role.code_hint')}
      >
        <Input disabled={role !== null} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="roleName"
        label={t('role.name')}
        rules={[required(t, t('role.name')), maxLength(t, 128)]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="description" label={t('common.description')} rules={[maxLength(t, 500)]}>
        <Input.TextArea rows={3} />
      </Form.Item>
    </FormModal>
  );
}
