/**
 * Announcements (/sys/annountCement/*): a server-paged list filtered by title, status
 * and category; compose and edit drafts; release and revoke after a confirmation (the release
 * lifecycle of src/shared/domain/announcements.ts decides which actions a row offers); delete
 * drafts and revoked ones; preview any of them as readers will see it.
 */
import { App, Badge, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteAnnouncement,
  fetchAnnouncementPage,
  releaseAnnouncement,
  revokeAnnouncement,
  useSystemChange,
  useSystemQuery,
} from '@api/modules/system.js';
import type { PageParams } from '@api/client.js';
import type { AnnouncementRecord, AnnouncementView } from '@shared/contract/announcements.js';
import {
  canTransition,
  DELETABLE_STATUSES,
  EDITABLE_STATUSES,
  MSG_CATEGORIES,
  SEND_STATUS,
  SEND_STATUSES,
  type MsgCategory,
  type Priority,
  type SendStatus,
} from '@shared/domain/announcements.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { AnnouncementModal } from '../../dialogs/AnnouncementModal.js';
import { hasAuth } from '../auth.js';
import { AddButton } from '../common/AddButton.js';
import { PRIORITY_COLORS, SEND_STATUS_BADGES } from '../common/announcements.js';
import { useFeedback } from '../common/feedback.js';
import { formatDateTime } from '../common/format.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { useRoleLabels } from '../common/roles.js';
import { RowActions } from '../common/RowActions.js';
import { useListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';
import { AnnouncementFormDrawer } from './AnnouncementFormDrawer.js';

interface AnnouncementFilterValues {
  titile?: string;
  sendStatus?: SendStatus;
  msgCategory?: MsgCategory;
}

type Action = 'release' | 'revoke' | 'delete';

const INITIAL: PageParams & { filter: AnnouncementFilterValues } = { ...DEFAULT_PAGE, filter: {} };

/** A record as its readers will see it, for the preview. */
function asView(record: AnnouncementRecord): AnnouncementView {
  return { ...record, anntId: record.id, sender: record.createBy, readFlag: '1', readTime: null };
}

export function AnnouncementList() {
  const { t } = useTranslation('system');
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const roles = useRoleLabels();
  const [state, setState, search] = useListState('system/AnnouncementList', INITIAL);
  const list = useSystemQuery(
    'announcements',
    { pageNo: state.pageNo, pageSize: state.pageSize, ...state.filter },
    fetchAnnouncementPage,
    { keepPrevious: true },
  );
  const release = useSystemChange(releaseAnnouncement, ['announcements']);
  const revoke = useSystemChange(revokeAnnouncement, ['announcements']);
  const remove = useSystemChange(deleteAnnouncement, ['announcements']);
  const [editing, setEditing] = useState<AnnouncementRecord | 'new' | null>(null);
  const [previewing, setPreviewing] = useState<AnnouncementRecord | null>(null);
  const canAdd = hasAuth(PERMISSIONS.announcementAdd);
  const canEdit = hasAuth(PERMISSIONS.announcementEdit);
  const canRelease = hasAuth(PERMISSIONS.announcementRelease);

  const confirm = (action: Action, record: AnnouncementRecord) => {
    const run = { release: release.mutateAsync, revoke: revoke.mutateAsync, delete: remove.mutateAsync }[
      action
    ];
    modal.confirm({
      title: t(`announcement.${action}_title`),
      content: t(`announcement.${action}_confirm`, { title: record.titile }),
      okText: t(`announcement.${action}`),
      okButtonProps: { danger: action !== 'release' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          feedback.done(await run(record.id));
        } catch (error) {
          feedback.failed(error);
        }
      },
    });
  };

  const audienceOf = (record: AnnouncementRecord) => {
    if (record.msgType === 'ALL') return <Tag>{t('announcement.audience_ALL')}</Tag>;
    if (record.msgType === 'USER')
      return <Tag>{t('announcement.users_count', { count: record.userIds.length })}</Tag>;
    return (
      <Space size={[0, 4]} wrap>
        {record.roleCodes.map((role) => (
          <Tag key={role}>{roles.label(role)}</Tag>
        ))}
      </Space>
    );
  };

  const columns: ColumnsType<AnnouncementRecord> = [
    {
      title: t('announcement.title'),
      dataIndex: 'titile',
      width: 300,
      ellipsis: true,
      render: (title: string, record) => (
        <Typography.Link onClick={() => setPreviewing(record)}>{title}</Typography.Link>
      ),
    },
    {
      title: t('announcement.category'),
      dataIndex: 'msgCategory',
      width: 120,
      render: (category: MsgCategory) => t(`announcement.category_${category}`),
    },
    {
      title: t('announcement.priority'),
      dataIndex: 'priority',
      width: 90,
      render: (priority: Priority) => (
        <Tag color={PRIORITY_COLORS[priority]}>{t(`announcement.priority_${priority}`)}</Tag>
      ),
    },
    {
      title: t('announcement.audience'),
      key: 'audience',
      width: 200,
      render: (_value, record) => audienceOf(record),
    },
    {
      title: t('announcement.status'),
      dataIndex: 'sendStatus',
      width: 110,
      render: (status: SendStatus) => (
        <Badge status={SEND_STATUS_BADGES[status]} text={t(`announcement.status_${status}`)} />
      ),
    },
    { title: t('announcement.send_time'), dataIndex: 'sendTime', width: 150, render: formatDateTime },
    {
      title: t('announcement.created_by'),
      dataIndex: 'createBy',
      width: 110,
      render: (name: string | null) => name ?? '-',
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 190,
      render: (_value, record) => {
        const status = record.sendStatus;
        return (
          <RowActions
            size={10}
            actions={[
              {
                key: 'edit',
                label: t('common.edit'),
                onClick: () => setEditing(record),
                show: canEdit && EDITABLE_STATUSES.includes(status),
              },
              {
                key: 'release',
                label: t('announcement.release'),
                onClick: () => confirm('release', record),
                show: canRelease && canTransition(status, SEND_STATUS.released),
              },
              {
                key: 'revoke',
                label: t('announcement.revoke'),
                type: 'warning',
                onClick: () => confirm('revoke', record),
                show: canRelease && canTransition(status, SEND_STATUS.revoked),
              },
              {
                key: 'delete',
                label: t('common.delete'),
                type: 'danger',
                onClick: () => confirm('delete', record),
                show: canEdit && DELETABLE_STATUSES.includes(status),
              },
            ]}
          />
        );
      },
    },
  ];

  return (
    <>
      <SearchBar<AnnouncementFilterValues> initialValues={state.filter} onSearch={search}>
        <Form.Item name="titile" label={t('announcement.title')}>
          <Input allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="sendStatus" label={t('announcement.status')}>
          <Select
            allowClear
            placeholder={t('common.all')}
            style={{ width: 130 }}
            options={SEND_STATUSES.map((value) => ({ value, label: t(`announcement.status_${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="msgCategory" label={t('announcement.category')}>
          <Select
            allowClear
            placeholder={t('common.all')}
            style={{ width: 140 }}
            options={MSG_CATEGORIES.map((value) => ({ value, label: t(`announcement.category_${value}`) }))}
          />
        </Form.Item>
      </SearchBar>
      {canAdd && <AddButton onClick={() => setEditing('new')}>{t('announcement.add')}</AddButton>}
      <PagedTable<AnnouncementRecord> columns={columns} query={list} page={state} onPageChange={setState} />
      <AnnouncementFormDrawer
        open={editing !== null}
        announcement={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <AnnouncementModal
        announcement={previewing ? asView(previewing) : null}
        onClose={() => setPreviewing(null)}
      />
    </>
  );
}
