/**
 * The seller's own roles for their staff (spec 01 §7 /sys/seller/role/*): list, add (the code is
 * checked with the server as it is typed), edit, and granting from the tree of what the seller
 * may grant — the server offers nothing beyond what the seller holds.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addSellerRole,
  editSellerRole,
  fetchSellerPermissionTree,
  fetchSellerRolePermissionIds,
  isSellerRoleCodeFree,
  saveSellerRolePermissions,
  useSellerRoles,
  useSystemChange,
} from '../../../api/modules/system.js';
import type { RoleView } from '../../../shared/contract/system-admin.js';
import { PERMISSIONS } from '../../../shared/permissions.js';
import { hasAuth } from '../auth.js';
import { formatDateTime } from '../common/format.js';
import { PermissionGrantDrawer, type GrantSource } from '../common/PermissionGrantDrawer.js';
import { RoleFormModal } from '../common/RoleFormModal.js';

const GRANTS: GrantSource = {
  tree: { resource: 'sellerPermissionTree', fetch: fetchSellerPermissionTree },
  granted: { resource: 'sellerRolePermissions', fetch: fetchSellerRolePermissionIds },
  save: saveSellerRolePermissions,
};

export default function SellerRoleList() {
  const { t } = useTranslation('system');
  const roles = useSellerRoles();
  const add = useSystemChange(addSellerRole, ['sellerRoles']);
  const edit = useSystemChange(editSellerRole, ['sellerRoles']);
  const [editing, setEditing] = useState<RoleView | 'new' | null>(null);
  const [granting, setGranting] = useState<RoleView | null>(null);
  const canAdd = hasAuth(PERMISSIONS.sellerRoleAdd);
  const canEdit = hasAuth(PERMISSIONS.sellerRoleEdit);
  const canGrant = hasAuth(PERMISSIONS.sellerRolePermission);

  const columns: ColumnsType<RoleView> = [
    { title: t('role.code'), dataIndex: 'roleCode', width: 200 },
    { title: t('role.name'), dataIndex: 'roleName', width: 220 },
    {
      title: t('common.description'),
      dataIndex: 'description',
      ellipsis: true,
      render: (text: string | null) => text ?? '-',
    },
    { title: t('common.created_at'), dataIndex: 'createdAt', width: 160, render: formatDateTime },
  ];
  if (canEdit || canGrant) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 180,
      render: (_value, role) => (
        <Space size={12}>
          {canEdit && <Typography.Link onClick={() => setEditing(role)}>{t('common.edit')}</Typography.Link>}
          {canGrant && <Typography.Link onClick={() => setGranting(role)}>{t('role.grant')}</Typography.Link>}
        </Space>
      ),
    });
  }

  return (
    <>
      {canAdd && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          style={{ marginBottom: 16 }}
        >
          {t('role.add')}
        </Button>
      )}
      <Table<RoleView>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={roles.data}
        loading={roles.isFetching}
        locale={{ emptyText: t('role.seller_empty') }}
        pagination={{
          pageSize: 20,
          hideOnSinglePage: true,
          showTotal: (count) => t('common.total', { count }),
        }}
      />
      <RoleFormModal
        open={editing !== null}
        role={editing === 'new' ? null : editing}
        saver={{
          add: add.mutateAsync,
          edit: edit.mutateAsync,
          isCodeFree: (code) =>
            isSellerRoleCodeFree(code, editing !== 'new' && editing ? editing.id : undefined),
        }}
        onClose={() => setEditing(null)}
      />
      <PermissionGrantDrawer role={granting} source={GRANTS} onClose={() => setGranting(null)} />
    </>
  );
}
