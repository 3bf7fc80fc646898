/**
 * Adding or editing a user: account, name, contact, user role (a seller staff account names
 * its seller), roles and departments. A new account gets the base role of its user role unless
 * other roles are chosen; the form checks the username with the server as it is typed.
 */
import { Col, Form, Row, Select, TreeSelect } from 'antd';
import { FormDrawer } from '../common/FormDrawer.js';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addUser,
  editUser,
  fetchUserRoleIds,
  useAllRoles,
  useSellerAccounts,
  useSystemChange,
  useSystemQuery,
} from '@api/modules/system.js';
import type {
  DepartNode,
  RoleView,
  UserAddInput,
  UserEditInput,
  UserView,
} from '@shared/contract/system-admin.js';
import type { UserRole } from '@shared/domain/roles.js';
import { FormFailure, useFormSubmit } from '../common/feedback.js';
import { useRoleLabels } from '../common/roles.js';
import { requiredChoice } from '../common/rules.js';
import {
  ConfirmPasswordField,
  EmailField,
  NicknameField,
  PasswordField,
  PhoneField,
  RealnameField,
  UsernameField,
} from '../common/UserFields.js';

export interface UserFormValues {
  username: string;
  password?: string;
  confirmpassword?: string;
  realname: string;
  nickname?: string;
  phone?: string;
  email?: string;
  userRole: UserRole;
  sellerId?: string;
  roleIds: string[];
  departIds: string[];
}

function departIdOf(tree: readonly DepartNode[], orgCode: string | null): string | undefined {
  for (const node of tree) {
    if (node.orgCode === orgCode) return node.id;
    const inner = departIdOf(node.children ?? [], orgCode);
    if (inner) return inner;
  }
  return undefined;
}

function baseRoleOf(roles: readonly RoleView[], userRole: string | undefined): string | undefined {
  return roles.find((role) => role.sellerId === null && role.roleCode === userRole)?.id;
}

const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

function addBodyOf(values: UserFormValues): UserAddInput {
  return {
    username: values.username.trim(),
    password: values.password ?? '',
    realname: values.realname.trim(),
    nickname: values.nickname?.trim() ?? '',
    userRole: values.userRole,
    sellerId: values.userRole === 'seller_staff' ? values.sellerId : undefined,
    phone: optional(values.phone),
    email: optional(values.email),
    // No roles chosen: the server gives the base role of the user role.
    roleIds: values.roleIds.length > 0 ? values.roleIds : undefined,
    departIds: values.departIds,
  };
}

/** Roles and departments are sent only when changed: the form may not know all of them. */
function editBodyOf(
  values: UserFormValues,
  user: UserView,
  isTouched: (name: keyof UserFormValues) => boolean,
): UserEditInput {
  return {
    id: user.id,
    realname: values.realname.trim(),
    nickname: values.nickname?.trim() ?? '',
    userRole: values.userRole,
    sellerId: values.userRole === 'seller_staff' ? values.sellerId : undefined,
    phone: optional(values.phone) ?? null,
    email: optional(values.email) ?? null,
    roleIds: isTouched('roleIds') || isTouched('userRole') ? values.roleIds : undefined,
    departIds: isTouched('departIds') ? values.departIds : undefined,
  };
}

/** Administrators alone hand out the administrator role; a seller stays a seller and nobody becomes one. */
function roleChoices(options: { value: UserRole; label: string }[], user: UserView | null, isAdmin: boolean) {
  return options
    .filter((option) => isAdmin || option.value !== 'admin' || option.value === user?.userRole)
    .filter((option) => !user || user.userRole === 'seller' || option.value !== 'seller');
}

export function UserFormDrawer({
  open,
  user,
  departs,
  isAdmin,
  onClose,
}: {
  open: boolean;
  user: UserView | null;
  departs: DepartNode[];
  isAdmin: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('system');
  const roleLabels = useRoleLabels();
  const [form] = Form.useForm<UserFormValues>();
  const userRole = Form.useWatch('userRole', form);
  const roles = useAllRoles(open);
  const sellers = useSellerAccounts(open && userRole === 'seller_staff');
  const held = useSystemQuery('userRoles', user?.id ?? '', fetchUserRoleIds, {
    enabled: open && user !== null,
  });
  const add = useSystemChange(addUser, ['users', 'sellers']);
  const edit = useSystemChange(editUser, ['users', 'sellers', 'userRoles']);
  const tenantRoles = useMemo(
    () => (roles.data ?? []).filter((role) => role.sellerId === null),
    [roles.data],
  );

  const { submit, failure, isSaving } = useFormSubmit(
    form,
    (values) =>
      user
        ? edit.mutateAsync(editBodyOf(values, user, (name) => form.isFieldTouched(name)))
        : add.mutateAsync(addBodyOf(values)),
    onClose,
  );
  const previousRole = useRef<string | undefined>(user?.userRole);

  // Roles known when the drawer opens are initial values; roles that arrive later fill the field.
  useEffect(() => {
    if (open && held.data && !form.isFieldTouched('roleIds')) form.setFieldsValue({ roleIds: held.data });
  }, [open, held.data, form]);

  const initialValues: Partial<UserFormValues> = user
    ? {
        username: user.username,
        realname: user.realname,
        nickname: user.nickname,
        phone: user.phone ?? undefined,
        email: user.email ?? undefined,
        userRole: user.userRole,
        sellerId: user.sellerId ?? undefined,
        roleIds: held.data ?? [],
        departIds: [departIdOf(departs, user.orgCode)].filter((id): id is string => id !== undefined),
      }
    : { roleIds: [], departIds: [] };

  /** A new user role swaps the old base role for the new one among the chosen roles. */
  const handleValuesChange = (changed: Partial<UserFormValues>, all: UserFormValues) => {
    if (!changed.userRole) return;
    const previous = baseRoleOf(tenantRoles, previousRole.current);
    const base = baseRoleOf(tenantRoles, changed.userRole);
    previousRole.current = changed.userRole;
    const kept = (all.roleIds ?? []).filter((id) => id !== previous);
    form.setFieldsValue({ roleIds: base && !kept.includes(base) ? [...kept, base] : kept });
  };

  return (
    <FormDrawer
      title={user ? t('user.edit_title', { username: user.username }) : t('user.add_title')}
      open={open}
      width={640}
      isSaving={isSaving}
      onSave={() => void submit()}
      onClose={onClose}
    >
      <FormFailure text={failure} />
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={handleValuesChange}
        preserve={false}
        name="user-form"
      >
        <Row gutter={16}>
          <Col span={12}>
            <UsernameField isExisting={user !== null} />
          </Col>
          <Col span={12}>
            <RealnameField />
          </Col>
        </Row>
        {!user && (
          <Row gutter={16}>
            <Col span={12}>
              <PasswordField label={t('user.password')} />
            </Col>
            <Col span={12}>
              <ConfirmPasswordField />
            </Col>
          </Row>
        )}
        <Row gutter={16}>
          <Col span={12}>
            <NicknameField />
          </Col>
          <Col span={12}>
            <Form.Item
              name="userRole"
              label={t('user.user_role')}
              rules={[requiredChoice(t, t('user.user_role'))]}
            >
              <Select
                options={roleChoices(roleLabels.options, user, isAdmin)}
                disabled={user?.userRole === 'seller'}
                placeholder={t('common.choose')}
              />
            </Form.Item>
          </Col>
        </Row>
        {userRole === 'seller_staff' && (
          <Form.Item name="sellerId" label={t('user.seller')} rules={[requiredChoice(t, t('user.seller'))]}>
            <Select
              showSearch
              optionFilterProp="label"
              loading={sellers.isPending}
              placeholder={t('common.choose')}
              options={(sellers.data?.records ?? []).map((seller) => ({
                value: seller.id,
                label: `${seller.realname} (${seller.username})`,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item name="roleIds" label={t('user.roles')} tooltip={t('user.roles_hint')}>
          <Select
            mode="multiple"
            loading={roles.isPending || (user !== null && held.isPending)}
            optionFilterProp="label"
            placeholder={t('common.choose')}
            options={tenantRoles.map((role) => ({ value: role.id, label: role.roleName }))}
          />
        </Form.Item>
        <Form.Item name="departIds" label={t('user.departs')}>
          <TreeSelect
            multiple
            treeDefaultExpandAll
            treeData={departs}
            placeholder={t('common.choose')}
            treeNodeFilterProp="title"
            showSearch
          />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <PhoneField />
          </Col>
          <Col span={12}>
            <EmailField />
          </Col>
        </Row>
      </Form>
    </FormDrawer>
  );
}
