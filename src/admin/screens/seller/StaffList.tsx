/**
 * The seller's staff accounts (spec 01 §7 /agent/user/store/*): a server-paged list filtered by
 * username and name; add, edit (roles, frozen or not) and set a password.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Badge, Button, Form, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchStaff,
  setStaffPassword,
  useSystemQuery,
  type PageParams,
} from '../../../api/modules/system.js';
import type { UserView } from '../../../shared/contract/system-admin.js';
import { USER_STATUS } from '../../../shared/domain/roles.js';
import { PERMISSIONS } from '../../../shared/permissions.js';
import { hasAuth } from '../auth.js';
import { formatDateTime } from '../common/format.js';
import { DEFAULT_PAGE, tablePagination } from '../common/paging.js';
import { PasswordModal } from '../common/PasswordModal.js';
import { cleanFilter, useScreenState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { StaffFormDrawer } from './StaffFormDrawer.js';

interface StaffFilterValues {
  username?: string;
  realname?: string;
}

const INITIAL: PageParams & { filter: StaffFilterValues } = { ...DEFAULT_PAGE, filter: {} };

export default function StaffList() {
  const { t } = useTranslation('system');
  const [state, setState] = useScreenState('seller/StaffList', INITIAL);
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
      render: (status: number) =>
        status === USER_STATUS.frozen ? (
          <Badge status="error" text={t('user.status_frozen')} />
        ) : (
          <Badge status="success" text={t('user.status_normal')} />
        ),
    },
    { title: t('user.last_login'), dataIndex: 'lastLoginAt', width: 150, render: formatDateTime },
    { title: t('common.created_at'), dataIndex: 'createdAt', width: 150, render: formatDateTime },
  ];
  if (canEdit) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 170,
      render: (_value, row) => (
        <Space size={12}>
          <Typography.Link onClick={() => setEditing(row)}>{t('common.edit')}</Typography.Link>
          <Typography.Link onClick={() => setPasswordFor(row.username)}>
            {t('staff.set_password')}
          </Typography.Link>
        </Space>
      ),
    });
  }

  return (
    <>
      <SearchBar<StaffFilterValues>
        initialValues={state.filter}
        onSearch={(values) => setState({ filter: cleanFilter(values), pageNo: 1 })}
      >
        <Form.Item name="username" label={t('user.username')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="realname" label={t('user.realname')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
      </SearchBar>
      {canAdd && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          style={{ marginBottom: 16 }}
        >
          {t('staff.add')}
        </Button>
      )}
      <Table<UserView>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={staff.data?.records}
        loading={staff.isFetching}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('staff.empty') }}
        pagination={tablePagination(t, state, staff.data?.total, (page) => setState(page))}
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
