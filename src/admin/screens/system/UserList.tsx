/**
 * Users (/sys/user/*): a server-paged list filtered by username, real name, phone,
 * role and status; add and edit in a drawer; freeze and unfreeze several at once after a
 * confirmation (frozen accounts are signed out at once); reset a password.
 */
import { DownOutlined, LockOutlined, StopOutlined, UnlockOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  changeUserPassword,
  fetchDepartTree,
  fetchUsers,
  freezeUsers,
  useSystemChange,
  useSystemQuery,
  type UserFilter,
} from '@api/modules/system.js';
import type { PageParams } from '@api/client.js';
import type { UserView } from '@shared/contract/system-admin.js';
import { USER_STATUS, type UserRole, type UserStatus } from '@shared/domain/roles.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { hasAuth } from '../auth.js';
import { accountColumns } from '../common/account-columns.js';
import { AddButton } from '../common/AddButton.js';
import { useFeedback } from '../common/feedback.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { PasswordModal } from '../common/PasswordModal.js';
import { ROLE_COLORS, useRoleLabels } from '../common/roles.js';
import { useListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { UserFormDrawer } from './UserFormDrawer.js';

interface UserFilterValues {
  username?: string;
  realname?: string;
  phone?: string;
  userRole?: UserRole;
  status?: number;
}

interface UserListState extends PageParams {
  filter: UserFilterValues;
}

const INITIAL: UserListState = { ...DEFAULT_PAGE, filter: {} };

export function UserList() {
  const { t } = useTranslation('system');
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const roles = useRoleLabels();
  const me = useSessionUser();
  const [state, setState, search] = useListState('system/UserList', INITIAL);
  const params: UserFilter = { pageNo: state.pageNo, pageSize: state.pageSize, ...state.filter };
  const users = useSystemQuery('users', params, fetchUsers, { keepPrevious: true });
  const canSeeDeparts = hasAuth(PERMISSIONS.departList);
  const departs = useSystemQuery('departs', 'tree', fetchDepartTree, { enabled: canSeeDeparts });
  const freeze = useSystemChange(freezeUsers, ['users']);
  const [selected, setSelected] = useState<UserView[]>([]);
  const [editing, setEditing] = useState<UserView | 'new' | null>(null);
  const [passwordFor, setPasswordFor] = useState<string | null>(null);

  const canAdd = hasAuth(PERMISSIONS.userAdd);
  const canEdit = hasAuth(PERMISSIONS.userEdit);
  const canFreeze = hasAuth(PERMISSIONS.userFreeze);
  const canReset = hasAuth(PERMISSIONS.userPassword);
  /** Only an administrator changes an administrator's account (the server refuses anyone else). */
  const isManageable = (row: UserView) => me?.userRole === 'admin' || row.userRole !== 'admin';

  const confirmStatus = (rows: UserView[], status: UserStatus) => {
    const isFreezing = status === USER_STATUS.frozen;
    modal.confirm({
      title: t(isFreezing ? 'user.freeze_title' : 'user.unfreeze_title'),
      content: t(isFreezing ? 'user.freeze_confirm' : 'user.unfreeze_confirm', {
        count: rows.length,
        names: rows.map((row) => row.username).join(', '),
      }),
      okText: t(isFreezing ? 'user.freeze' : 'user.unfreeze'),
      okButtonProps: { danger: isFreezing },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          feedback.done(await freeze.mutateAsync({ ids: rows.map((row) => row.id), status }));
          setSelected([]);
        } catch (error) {
          feedback.failed(error);
        }
      },
    });
  };

  /** Unfreezing is the server's unlock: it lifts the lock wrong passwords put on the account. */
  const confirmUnlock = (row: UserView) =>
    modal.confirm({
      title: t('user.unlock_title'),
      content: t('user.unlock_confirm', { name: row.username }),
      okText: t('user.unlock'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await freeze.mutateAsync({ ids: [row.id], status: USER_STATUS.normal });
          feedback.done({ message: t('user.unlocked', { name: row.username }) });
        } catch (error) {
          feedback.failed(error);
        }
      },
    });

  const columns: ColumnsType<UserView> = [
    { title: t('user.username'), dataIndex: 'username', width: 140 },
    { title: t('user.realname'), dataIndex: 'realname', width: 160 },
    {
      title: t('user.user_role'),
      dataIndex: 'userRole',
      width: 210,
      render: (role: UserRole) => <Tag color={ROLE_COLORS[role]}>{roles.label(role)}</Tag>,
    },
    ...accountColumns(t),
  ];
  if (canEdit || canFreeze || canReset) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 150,
      render: (_value, row) => {
        if (!isManageable(row)) return null;
        const isFrozen = row.status === USER_STATUS.frozen;
        const more = [
          ...(canReset ? [{ key: 'password', label: t('user.reset_password'), icon: <LockOutlined /> }] : []),
          ...(canFreeze
            ? [
                isFrozen
                  ? { key: 'unfreeze', label: t('user.unfreeze'), icon: <UnlockOutlined /> }
                  : { key: 'freeze', label: t('user.freeze'), icon: <StopOutlined />, danger: true },
                ...(row.isLocked && !isFrozen
                  ? [{ key: 'unlock', label: t('user.unlock'), icon: <UnlockOutlined /> }]
                  : []),
              ]
            : []),
        ];
        return (
          <Space size={4}>
            {canEdit && <Typography.Link onClick={() => setEditing(row)}>{t('common.edit')}</Typography.Link>}
            {more.length > 0 && (
              <Dropdown
                menu={{
                  items: more,
                  onClick: ({ key }) => {
                    if (key === 'password') setPasswordFor(row.username);
                    else if (key === 'unlock') confirmUnlock(row);
                    else confirmStatus([row], key === 'freeze' ? USER_STATUS.frozen : USER_STATUS.normal);
                  },
                }}
              >
                <Typography.Link>
                  {t('common.more')} <DownOutlined />
                </Typography.Link>
              </Dropdown>
            )}
          </Space>
        );
      },
    });
  }

  return (
    <>
      <SearchBar<UserFilterValues> initialValues={state.filter} onSearch={search}>
        <Form.Item name="username" label={t('user.username')}>
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="realname" label={t('user.realname')}>
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="phone" label={t('user.phone')}>
          <Input allowClear style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="userRole" label={t('user.user_role')}>
          <Select allowClear style={{ width: 160 }} options={roles.options} placeholder={t('common.all')} />
        </Form.Item>
        <Form.Item name="status" label={t('user.status')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('common.all')}
            options={[
              { value: USER_STATUS.normal, label: t('user.status_normal') },
              { value: USER_STATUS.frozen, label: t('user.status_frozen') },
            ]}
          />
        </Form.Item>
      </SearchBar>
      <Space style={{ marginBottom: 16 }} wrap>
        {canAdd && (
          <AddButton isInToolbar onClick={() => setEditing('new')}>
            {t('user.add')}
          </AddButton>
        )}
        {canFreeze && (
          <>
            <Button
              danger
              icon={<StopOutlined />}
              disabled={selected.length === 0}
              onClick={() => confirmStatus(selected, USER_STATUS.frozen)}
            >
              {t('user.freeze_selected')}
            </Button>
            <Button
              icon={<UnlockOutlined />}
              disabled={selected.length === 0}
              onClick={() => confirmStatus(selected, USER_STATUS.normal)}
            >
              {t('user.unfreeze_selected')}
            </Button>
            {selected.length > 0 && (
              <Typography.Text type="secondary">
                {t('common.selected', { count: selected.length })}
              </Typography.Text>
            )}
          </>
        )}
      </Space>
      <PagedTable<UserView>
        columns={columns}
        query={users}
        page={state}
        onPageChange={setState}
        rowSelection={
          canFreeze
            ? {
                selectedRowKeys: selected.map((row) => row.id),
                onChange: (_keys, rows) => setSelected(rows),
                getCheckboxProps: (row) => ({
                  disabled: row.id === me?.id || !isManageable(row),
                  name: row.username,
                }),
              }
            : undefined
        }
      />
      <UserFormDrawer
        open={editing !== null}
        user={editing === 'new' ? null : editing}
        departs={departs.data ?? []}
        isAdmin={me?.userRole === 'admin'}
        onClose={() => setEditing(null)}
      />
      <PasswordModal username={passwordFor} onClose={() => setPasswordFor(null)} save={changeUserPassword} />
    </>
  );
}
