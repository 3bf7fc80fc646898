/**
 * The seller's own roles for their staff (/sys/seller/role/*): list, add (the code is
 * checked with the server as it is typed), edit, and granting from the tree of what the seller
 * may grant — the server offers nothing beyond what the seller holds.
 */
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
} from '@api/modules/system.js';
import type { RoleView } from '@shared/contract/system-admin.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { roleColumns } from '../common/account-columns.js';
import { AddButton } from '../common/AddButton.js';
import { QueryTable } from '../common/PagedTable.js';
import { PermissionGrantDrawer, type GrantSource } from '../common/PermissionGrantDrawer.js';
import { RoleFormModal } from '../common/RoleFormModal.js';
import { actionsColumn } from '../common/RowActions.js';

const GRANTS: GrantSource = {
  tree: { resource: 'sellerPermissionTree', fetch: fetchSellerPermissionTree },
  granted: { resource: 'sellerRolePermissions', fetch: fetchSellerRolePermissionIds },
  save: saveSellerRolePermissions,
};

export function SellerRoleList() {
  const { t } = useTranslation('system');
  const roles = useSellerRoles();
  const add = useSystemChange(addSellerRole, ['sellerRoles']);
  const edit = useSystemChange(editSellerRole, ['sellerRoles']);
  const [editing, setEditing] = useState<RoleView | 'new' | null>(null);
  const [granting, setGranting] = useState<RoleView | null>(null);
  const canAdd = hasAuth(PERMISSIONS.sellerRoleAdd);
  const canEdit = hasAuth(PERMISSIONS.sellerRoleEdit);
  const canGrant = hasAuth(PERMISSIONS.sellerRolePermission);

  const columns = roleColumns(t, 200);
  if (canEdit || canGrant) {
    columns.push(
      actionsColumn<RoleView>(t, { width: 180 }, (role) => [
        { key: 'edit', label: t('common.edit'), onClick: () => setEditing(role), show: canEdit },
        { key: 'grant', label: t('role.grant'), onClick: () => setGranting(role), show: canGrant },
      ]),
    );
  }

  return (
    <>
      {canAdd && <AddButton onClick={() => setEditing('new')}>{t('role.add')}</AddButton>}
      <QueryTable<RoleView>
        columns={columns}
        query={roles}
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
