/**
 * The seller's staff accounts (/agent/user/store/*): a server-paged list filtered by
 * username and name; add, edit (roles, frozen or not) and set a password.
 */
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchStaff, setStaffPassword, useSystemQuery } from '@api/modules/system.js';
import type { PageParams } from '@api/client.js';
import type { UserView } from '@shared/contract/system-admin.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { accountColumns } from '../common/account-columns.js';
import { AddButton } from '../common/AddButton.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { PasswordModal } from '../common/PasswordModal.js';
import { actionsColumn } from '../common/RowActions.js';
import { useListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { StaffFormDrawer } from './StaffFormDrawer.js';

interface StaffFilterValues {
  username?: string;
  realname?: string;
}

const INITIAL: PageParams & { filter: StaffFilterValues } = { ...DEFAULT_PAGE, filter: {} };

export function StaffList() {
  const { t } = useTranslation('system');
  const [state, setState, search] = useListState('seller/StaffList', INITIAL);
  const staff = useSystemQuery(
    'staff',
    { pageNo: state.pageNo, pageSize: state.pageSize, ...state.filter },
    fetchStaff,
    { keepPrevious: true },
  );
  const [editing, setEditing] = useState<UserView | 'new' | null>(null);
  const [passwordFor, setPasswordFor] = useState<string | null>(null);
  const canAdd = hasAuth(PERMISSIONS.sellerStaffAdd);
  const canEdit = hasAuth(PERMISSIONS.sellerStaffEdit);

  const columns: ColumnsType<UserView> = [
    { title: t('user.username'), dataIndex: 'username', width: 150 },
    { title: t('user.realname'), dataIndex: 'realname', width: 160 },
    { title: t('user.nickname'), dataIndex: 'nickname', width: 140, render: (name: string) => name || '-' },
    ...accountColumns(t),
  ];
  if (canEdit) {
    columns.push(
      actionsColumn<UserView>(t, { fixed: 'right', width: 170 }, (row) => [
        { key: 'edit', label: t('common.edit'), onClick: () => setEditing(row) },
        { key: 'password', label: t('staff.set_password'), onClick: () => setPasswordFor(row.username) },
      ]),
    );
  }

  return (
    <>
      <SearchBar<StaffFilterValues> initialValues={state.filter} onSearch={search}>
        <Form.Item name="username" label={t('user.username')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="realname" label={t('user.realname')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
      </SearchBar>
      {canAdd && <AddButton onClick={() => setEditing('new')}>{t('staff.add')}</AddButton>}
      <PagedTable<UserView>
        columns={columns}
        query={staff}
        page={state}
        onPageChange={setState}
        locale={{ emptyText: t('staff.empty') }}
      />
      <StaffFormDrawer
        open={editing !== null}
        staff={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <PasswordModal username={passwordFor} onClose={() => setPasswordFor(null)} save={setStaffPassword} />
    </>
  );
}
