/**
 * Adding or editing one of the seller's staff accounts: account and password (when adding),
 * name, contact, the seller's own roles, and on edit whether the account is frozen.
 */
import { Col, Form, Row, Select, Switch } from 'antd';
import { FormDrawer } from '../common/FormDrawer.js';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addStaff,
  editStaff,
  fetchStaffRoleIds,
  useSellerRoles,
  useSystemChange,
  useSystemQuery,
} from '@api/modules/system.js';
import type { UserView } from '@shared/contract/system-admin.js';
import { USER_STATUS } from '@shared/domain/roles.js';
import { FormFailure, useFormSubmit } from '../common/feedback.js';
import {
  ConfirmPasswordField,
  EmailField,
  NicknameField,
  PasswordField,
  PhoneField,
  RealnameField,
  UsernameField,
} from '../common/UserFields.js';

interface StaffValues {
  username: string;
  password?: string;
  confirmpassword?: string;
  realname: string;
  nickname?: string;
  phone?: string;
  email?: string;
  roleIds: string[];
  isFrozen: boolean;
}

const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

export function StaffFormDrawer({
  open,
  staff,
  onClose,
}: {
  open: boolean;
  staff: UserView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<StaffValues>();
  const roles = useSellerRoles(open);
  const held = useSystemQuery('staffRoles', staff?.id ?? '', fetchStaffRoleIds, {
    enabled: open && staff !== null,
  });
  const add = useSystemChange(addStaff, ['staff']);
  const edit = useSystemChange(editStaff, ['staff', 'staffRoles']);
  const { submit, failure, isSaving } = useFormSubmit(
    form,
    (values) => {
      const common = {
        realname: values.realname.trim(),
        nickname: values.nickname?.trim() ?? '',
        // Until the staff member's roles are known, an untouched field must not replace them.
        roleIds: staff && !held.data && !form.isFieldTouched('roleIds') ? undefined : values.roleIds,
      };
      return staff
        ? edit.mutateAsync({
            ...common,
            id: staff.id,
            phone: optional(values.phone) ?? null,
            email: optional(values.email) ?? null,
            status: values.isFrozen ? USER_STATUS.frozen : USER_STATUS.normal,
          })
        : add.mutateAsync({
            ...common,
            username: values.username.trim(),
            password: values.password ?? '',
            phone: optional(values.phone),
            email: optional(values.email),
          });
    },
    onClose,
  );

  // Roles known when the drawer opens are initial values; roles that arrive later fill the field.
  useEffect(() => {
    if (open && held.data && !form.isFieldTouched('roleIds')) form.setFieldsValue({ roleIds: held.data });
  }, [open, held.data, form]);

  const initialValues: Partial<StaffValues> = staff
    ? {
        username: staff.username,
        realname: staff.realname,
        nickname: staff.nickname,
        phone: staff.phone ?? undefined,
        email: staff.email ?? undefined,
        roleIds: held.data ?? [],
        isFrozen: staff.status === USER_STATUS.frozen,
      }
    : { roleIds: [], isFrozen: false };

  return (
    <FormDrawer
      title={staff ? t('staff.edit_title', { username: staff.username }) : t('staff.add_title')}
      open={open}
      width={600}
      isSaving={isSaving}
      onSave={() => void submit()}
      onClose={onClose}
    >
      <FormFailure text={failure} />
      <Form form={form} layout="vertical" preserve={false} initialValues={initialValues} name="staff-form">
        <Row gutter={16}>
          <Col span={12}>
            <UsernameField isExisting={staff !== null} />
          </Col>
          <Col span={12}>
            <RealnameField />
          </Col>
          {!staff && (
            <>
              <Col span={12}>
                <PasswordField label={t('user.password')} />
              </Col>
              <Col span={12}>
                <ConfirmPasswordField />
              </Col>
            </>
          )}
          <Col span={12}>
            <NicknameField />
          </Col>
          <Col span={12}>
            <PhoneField />
          </Col>
          <Col span={24}>
            <EmailField />
          </Col>
        </Row>
        <Form.Item name="roleIds" label={t('staff.roles')} extra={t('staff.roles_hint')}>
          <Select
            mode="multiple"
            loading={roles.isPending || (staff !== null && held.isPending)}
            optionFilterProp="label"
            placeholder={t('common.choose')}
            notFoundContent={t('staff.no_roles')}
            options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.roleName }))}
          />
        </Form.Item>
        {staff && (
          <Form.Item
            name="isFrozen"
            label={t('staff.frozen')}
            valuePropName="checked"
            extra={t('staff.frozen_hint')}
          >
            <Switch />
          </Form.Item>
        )}
      </Form>
    </FormDrawer>
  );
}
