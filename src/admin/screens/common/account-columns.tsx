/** Columns that the user list and the seller's staff list show alike: contact, state and dates. */
import { Badge } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { RoleView, UserView } from '@shared/contract/system-admin.js';
import { USER_STATUS } from '@shared/domain/roles.js';
import { formatDateTime } from './format.js';
import { WIDE_SCREENS_ONLY } from './table-fit.js';

/**
 * An account's phone, email, state (frozen, or its password sign-in locked by wrong passwords,
 * or normal), last sign-in and creation, after its names.
 */
export function accountColumns(t: TFunction): ColumnsType<UserView> {
  return [
    {
      title: t('user.phone'),
      dataIndex: 'phone',
      width: 140,
      render: (phone: string | null) => phone ?? '-',
    },
    {
      title: t('user.email'),
      dataIndex: 'email',
      ellipsis: true,
      render: (email: string | null) => email ?? '-',
    },
    {
      title: t('user.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: number, account) =>
        status === USER_STATUS.frozen ? (
          <Badge status="error" text={t('user.status_frozen')} />
        ) : account.isLocked ? (
          <Badge status="warning" text={t('user.status_locked')} />
        ) : (
          <Badge status="success" text={t('user.status_normal')} />
        ),
    },
    { title: t('user.last_login'), dataIndex: 'lastLoginAt', width: 150, render: formatDateTime },
    {
      title: t('common.created_at'),
      dataIndex: 'createdAt',
      width: 150,
      responsive: WIDE_SCREENS_ONLY,
      render: formatDateTime,
    },
  ];
}

/** A role's code, name, description and creation, as the tenant's and the seller's role lists show them. */
export function roleColumns(t: TFunction, codeWidth: number): ColumnsType<RoleView> {
  return [
    { title: t('role.code'), dataIndex: 'roleCode', width: codeWidth },
    { title: t('role.name'), dataIndex: 'roleName', width: 220 },
    {
      title: t('common.description'),
      dataIndex: 'description',
      ellipsis: true,
      render: (text: string | null) => text ?? '-',
    },
    { title: t('common.created_at'), dataIndex: 'createdAt', width: 160, render: formatDateTime },
  ];
}
