/**
 * The home page (/dashboard/analysis): what the user's role may see of GET
 * /dashboard/summary — figures, the 7-day sign-in chart, users by role — plus the unread
 * announcements and pending order questions waiting for them. Only the server's numbers.
 */
import { Button, Col, Result, Row, Skeleton, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSummary } from '@api/modules/dashboard.js';
import { useAnnouncementsByUser } from '@api/modules/shell.js';
import { queryKeys } from '@api/query-keys.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { AnnouncementReader } from '../common/AnnouncementReader.js';
import { ROLE_COLORS, useRoleLabels } from '../common/roles.js';
import { PendingQuestions, UnreadAnnouncements } from './InboxCards.js';
import { LoginChart } from './LoginChart.js';
import { StatCards } from './StatCards.js';
import { UsersByRole } from './UsersByRole.js';

/**
 * The bell reads announcements too (the shell's modal marks them read); when its unread count
 * changes, the dashboard's figures are fetched again so both agree.
 */
function useSummaryFollowsBell() {
  const client = useQueryClient();
  const inbox = useAnnouncementsByUser();
  const unread = inbox.data ? inbox.data.anntMsgTotal + inbox.data.sysMsgTotal : null;
  const previous = useRef<number | null>(null);
  useEffect(() => {
    if (unread === null) return;
    if (previous.current !== null && previous.current !== unread) {
      void client.invalidateQueries({ queryKey: queryKeys.dashboard.all });
    }
    previous.current = unread;
  }, [unread, client]);
}

export function Analysis() {
  const { t } = useTranslation('system');
  const user = useSessionUser();
  const roles = useRoleLabels();
  const summary = useSummary();
  useSummaryFollowsBell();
  const [openId, setOpenId] = useState<string | null>(null);

  if (summary.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (summary.isError) {
    return (
      <Result
        status="warning"
        title={t('dashboard.failed')}
        extra={<Button onClick={() => void summary.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const data = summary.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {user && (
        <div style={{ display: 'flex', alignItems: 'baseline', gap: 12, flexWrap: 'wrap' }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('dashboard.welcome', { name: user.realname || user.username })}
          </Typography.Title>
          <Tag color={ROLE_COLORS[user.userRole]}>{roles.label(user.userRole)}</Tag>
          <Typography.Text type="secondary">{dayjs().format('YYYY-MM-DD dddd')}</Typography.Text>
        </div>
      )}
      <StatCards summary={data} />
      {(data.loginsPerDay || data.usersByRole) && (
        <Row gutter={[16, 16]}>
          {data.loginsPerDay && (
            <Col xs={24} xl={data.usersByRole ? 14 : 24}>
              <LoginChart days={data.loginsPerDay} />
            </Col>
          )}
          {data.usersByRole && (
            <Col xs={24} xl={data.loginsPerDay ? 10 : 24}>
              <UsersByRole rows={data.usersByRole} />
            </Col>
          )}
        </Row>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <UnreadAnnouncements onOpen={setOpenId} />
        </Col>
        {user && (
          <Col xs={24} lg={12}>
            <PendingQuestions role={user.userRole} />
          </Col>
        )}
      </Row>
      <AnnouncementReader id={openId} onClose={() => setOpenId(null)} />
    </Space>
  );
}
