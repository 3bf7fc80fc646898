/**
 * Adding or editing a menu, sub-menu or button of the tenant's permission tree: where it sits,
 * its name and per-language titles, the route (path, screen id, redirect, icon) for menus, the
 * permission code for buttons, and the route flags the admin builds its routes from.
 */
import { Col, Form, Input, InputNumber, Radio, Row, Space, Switch, TreeSelect } from 'antd';
import { FormDrawer } from '../common/FormDrawer.js';
import { useTranslation } from 'react-i18next';
import { addPermission, editPermission, useSystemChange } from '@api/modules/system.js';
import { sortNo, type PermissionAddInput, type PermissionView } from '@shared/contract/system-admin.js';
import { FormFailure, useFormSubmit } from '../common/feedback.js';
import { cleanTexts, LanguageTexts, type LanguageTextValues } from '../common/LanguageTexts.js';
import { useDuplicateRule } from '../common/duplicate-check.js';
import { contractRule, maxLength, required } from '../common/rules.js';

const PERMS = /^[A-Za-z0-9_]+(:[A-Za-z0-9_]+)*$/;
const FLAGS = ['isRoute', 'hidden', 'keepAlive', 'alwaysShow', 'internalOrExternal'] as const;

interface PermissionValues {
  menuType: 0 | 1 | 2;
  parentId?: string;
  name: string;
  titles?: LanguageTextValues;
  url?: string;
  component?: string;
  redirect?: string;
  perms?: string;
  icon?: string;
  sortNo?: number;
  isRoute: boolean;
  hidden: boolean;
  keepAlive: boolean;
  alwaysShow: boolean;
  internalOrExternal: boolean;
  isEnabled: boolean;
}

export type PermissionEditing =
  { mode: 'add'; parentId?: string } | { mode: 'edit'; permission: PermissionView };

interface TreeNode {
  value: string;
  title: string;
  disabled?: boolean;
  children?: TreeNode[];
}

/** Menus (not buttons) as parents; a row cannot move under itself or its own branch. */
function parentOptions(nodes: readonly PermissionView[], excluded: string | undefined): TreeNode[] {
  return nodes
    .filter((node) => node.menuType !== 2 && node.id !== excluded)
    .map((node) => ({
      value: node.id,
      title: node.title,
      children: parentOptions(node.children ?? [], excluded),
    }));
}

function bodyOf(values: PermissionValues): PermissionAddInput {
  const text = (value: string | undefined) => value?.trim() ?? '';
  return {
    parentId: values.parentId ?? null,
    name: values.name.trim(),
    titles: cleanTexts(values.titles),
    menuType: values.menuType,
    url: text(values.url),
    component: text(values.component),
    redirect: text(values.redirect),
    perms: text(values.perms) || undefined,
    icon: text(values.icon),
    sortNo: values.sortNo ?? 0,
    isRoute: values.isRoute,
    hidden: values.hidden,
    keepAlive: values.keepAlive,
    alwaysShow: values.alwaysShow,
    internalOrExternal: values.internalOrExternal,
    status: values.isEnabled ? '1' : '0',
  };
}

export function PermissionFormDrawer({
  editing,
  tree,
  onClose,
}: {
  editing: PermissionEditing | null;
  tree: PermissionView[];
  onClose: () => void;
}) {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<PermissionValues>();
  const menuType = Form.useWatch('menuType', form);
  const add = useSystemChange(addPermission, ['permissions', 'permissionTree']);
  const edit = useSystemChange(editPermission, ['permissions', 'permissionTree']);
  const current = editing?.mode === 'edit' ? editing.permission : null;
  const duplicatePerms = useDuplicateRule(
    { tableName: 'sys_permission', fieldName: 'perms', dataId: current?.id },
    PERMS,
  );
  const { submit, failure, isSaving } = useFormSubmit(
    form,
    (values) =>
      current ? edit.mutateAsync({ id: current.id, ...bodyOf(values) }) : add.mutateAsync(bodyOf(values)),
    onClose,
  );
  const initialValues: Partial<PermissionValues> = current
    ? {
        ...current,
        menuType: current.menuType === 1 ? 1 : current.menuType === 2 ? 2 : 0,
        parentId: current.parentId ?? undefined,
        url: current.url ?? undefined,
        component: current.component ?? undefined,
        redirect: current.redirect ?? undefined,
        perms: current.perms ?? undefined,
        icon: current.icon ?? undefined,
        titles: current.titles,
        isEnabled: current.status === '1',
      }
    : {
        menuType: editing?.mode === 'add' && editing.parentId ? 1 : 0,
        parentId: editing?.mode === 'add' ? editing.parentId : undefined,
        sortNo: 1,
        isRoute: true,
        hidden: false,
        keepAlive: false,
        alwaysShow: false,
        internalOrExternal: false,
        isEnabled: true,
      };
  const isButton = menuType === 2;

  return (
    <FormDrawer
      title={current ? t('permission.edit_title', { name: current.title }) : t('permission.add_title')}
      open={editing !== null}
      width={640}
      isSaving={isSaving}
      onSave={() => void submit()}
      onClose={onClose}
    >
      <FormFailure text={failure} />
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initialValues}
        name="permission-form"
      >
        <Form.Item name="menuType" label={t('permission.type')}>
          <Radio.Group
            optionType="button"
            options={[0, 1, 2].map((value) => ({ value, label: t(`permission.type_${value}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="parentId"
          label={t('permission.parent')}
          rules={
            menuType === 0
              ? []
              : [{ required: true, message: t('validation.choose', { field: t('permission.parent') }) }]
          }
        >
          <TreeSelect
            allowClear
            treeData={parentOptions(tree, current?.id)}
            placeholder={t('permission.top_level')}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="name"
              label={t('permission.name')}
              rules={[required(t, t('permission.name')), maxLength(t, 128)]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="sortNo"
              label={t('common.sort_no')}
              rules={[contractRule(t, sortNo, t('common.sort_no'))]}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        {isButton ? (
          <Form.Item
            name="perms"
            label={t('permission.perms')}
            extra={t('permission.perms_hint')}
            rules={[
              required(t, t('permission.perms')),
              { pattern: PERMS, message: t('validation.perms') },
              maxLength(t, 128),
              duplicatePerms,
            ]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input placeholder="system:user:add" />
          </Form.Item>
        ) : (
          <>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="url" label={t('permission.url')} rules={[maxLength(t, 255)]}>
                  <Input placeholder="/system/user" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="component" label={t('permission.component')} rules={[maxLength(t, 128)]}>
                  <Input placeholder="system/UserList" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="redirect" label={t('permission.redirect')} rules={[maxLength(t, 255)]}>
                  <Input />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="icon" label={t('permission.icon')} rules={[maxLength(t, 64)]}>
                  {/* eslint-disable-next-line ui/no-literal-ui-string -- an antd icon name, code not language */}
                  <Input placeholder="setting" />
                </Form.Item>
              </Col>
            </Row>
            <Space wrap size={[24, 0]}>
              {FLAGS.map((flag) => (
                <Form.Item key={flag} name={flag} label={t(`permission.${flag}`)} valuePropName="checked">
                  <Switch />
                </Form.Item>
              ))}
            </Space>
          </>
        )}
        <Form.Item name="isEnabled" label={t('permission.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <LanguageTexts name="titles" label={t('permission.titles')} />
      </Form>
    </FormDrawer>
  );
}
