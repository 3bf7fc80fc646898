/**
 * My announcements (/isps/userAnnouncement): the announcements released to the
 * user, server-paged, filtered by title, read state and category. Opening one shows it in the
 * announcement modal and marks it read; 'mark all read' clears the rest.
 */
import { CheckOutlined } from '@ant-design/icons';
import { Badge, Button, Form, Input, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMyAnnouncements, markAllRead, useSystemChange, useSystemQuery } from '@api/modules/system.js';
import type { PageParams } from '@api/client.js';
import type { AnnouncementView } from '@shared/contract/announcements.js';
import type { MsgCategory, Priority, ReadFlag } from '@shared/domain/announcements.js';
import { AnnouncementReader } from '../common/AnnouncementReader.js';
import { PRIORITY_COLORS } from '../common/announcements.js';
import { useFeedback } from '../common/feedback.js';
import { formatDateTime } from '../common/format.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { useListState } from '../common/screen-state.js';
import { SearchBar } from '../common/SearchBar.js';

interface MyFilterValues {
  titile?: string;
  readFlag?: ReadFlag;
  msgCategory?: MsgCategory;
}

const INITIAL: PageParams & { filter: MyFilterValues } = { ...DEFAULT_PAGE, filter: {} };

export function UserAnnouncement() {
  const { t } = useTranslation('system');
  const feedback = useFeedback();
  const [state, setState, search] = useListState('system/UserAnnouncement', INITIAL);
  const list = useSystemQuery(
    'myAnnouncements',
    { pageNo: state.pageNo, pageSize: state.pageSize, ...state.filter },
    fetchMyAnnouncements,
    { keepPrevious: true },
  );
  const readAll = useSystemChange(markAllRead, ['myAnnouncements']);
  const [openId, setOpenId] = useState<string | null>(null);

  const columns: ColumnsType<AnnouncementView> = [
    {
      title: t('announcement.title'),
      dataIndex: 'titile',
      render: (title: string, row) => (
        <Typography.Link strong={row.readFlag === '0'} onClick={() => setOpenId(row.anntId)}>
          {title}
        </Typography.Link>
      ),
    },
    {
      title: t('announcement.category'),
      dataIndex: 'msgCategory',
      width: 130,
      render: (category: MsgCategory) => t(`announcement.category_${category}`),
    },
    {
      title: t('announcement.priority'),
      dataIndex: 'priority',
      width: 100,
      render: (priority: Priority) => (
        <Tag color={PRIORITY_COLORS[priority]}>{t(`announcement.priority_${priority}`)}</Tag>
      ),
    },
    {
      title: t('announcement.sender'),
      dataIndex: 'sender',
      width: 140,
      render: (sender: string | null) => sender ?? '-',
    },
    { title: t('announcement.send_time'), dataIndex: 'sendTime', width: 160, render: formatDateTime },
    {
      title: t('announcement.read_state'),
      dataIndex: 'readFlag',
      width: 110,
      render: (flag: ReadFlag) =>
        flag === '1' ? (
          <Badge status="default" text={t('announcement.read')} />
        ) : (
          <Badge status="processing" text={t('announcement.unread')} />
        ),
    },
  ];

  const markAll = async () => {
    try {
      feedback.done(await readAll.mutateAsync(undefined));
    } catch (error) {
      feedback.failed(error);
    }
  };

  return (
    <>
      <SearchBar<MyFilterValues> initialValues={state.filter} onSearch={search}>
        <Form.Item name="titile" label={t('announcement.title')}>
          <Input allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="readFlag" label={t('announcement.read_state')}>
          <Select
            allowClear
            placeholder={t('common.all')}
            style={{ width: 120 }}
            options={[
              { value: '0', label: t('announcement.unread') },
              { value: '1', label: t('announcement.read') },
            ]}
          />
        </Form.Item>
        <Form.Item name="msgCategory" label={t('announcement.category')}>
          <Select
            allowClear
            placeholder={t('common.all')}
            style={{ width: 140 }}
            options={(['1', '2'] as const).map((value) => ({
              value,
              label: t(`announcement.category_${value}`),
            }))}
          />
        </Form.Item>
      </SearchBar>
      <Button
        icon={<CheckOutlined />}
        onClick={() => void markAll()}
        loading={readAll.isPending}
        style={{ marginBottom: 16 }}
      >
        {t('announcement.mark_all_read')}
      </Button>
      <PagedTable<AnnouncementView>
        columns={columns}
        query={list}
        page={state}
        onPageChange={setState}
        locale={{ emptyText: t('announcement.none_for_me') }}
      />
      <AnnouncementReader id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
