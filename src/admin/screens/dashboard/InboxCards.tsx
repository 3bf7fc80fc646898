/**
 * What waits for the user: the newest unread announcements (choosing one opens and reads it)
 * and the newest order questions waiting for the user's side, linked to the role's order list.
 */
import { Card, Empty, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAnnouncementsByUser, usePendingQuestions } from '@api/modules/shell.js';
import { pendingFlagFor } from '@shared/domain/questions.js';
import type { UserRole } from '@shared/domain/roles.js';
import { orderListLink } from '../../header/question-links.js';
import { PRIORITY_COLORS } from '../common/announcements.js';
import { formatDateTime } from '../common/format.js';
import { MY_ANNOUNCEMENTS_PATH } from './StatCards.js';

const SHOWN = 5;

export function UnreadAnnouncements({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation('system');
  const inbox = useAnnouncementsByUser();
  const unread = [...(inbox.data?.anntMsgList ?? []), ...(inbox.data?.sysMsgList ?? [])]
    .sort((a, b) => (b.sendTime ?? '').localeCompare(a.sendTime ?? ''))
    .slice(0, SHOWN);
  return (
    <Card
      size="small"
      title={t('dashboard.unread_title')}
      extra={<Link to={MY_ANNOUNCEMENTS_PATH}>{t('dashboard.view_all')}</Link>}
    >
      <List
        loading={inbox.isPending}
        dataSource={unread}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.no_unread')} />,
        }}
        renderItem={(item) => (
          <List.Item
            style={{ cursor: 'pointer' }}
            onClick={() => onOpen(item.anntId)}
            extra={
              <Tag color={PRIORITY_COLORS[item.priority]}>{t(`announcement.priority_${item.priority}`)}</Tag>
            }
          >
            <List.Item.Meta
              title={<Typography.Link>{item.titile}</Typography.Link>}
              description={formatDateTime(item.sendTime)}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

export function PendingQuestions({ role }: { role: UserRole }) {
  const { t } = useTranslation('system');
  const questions = usePendingQuestions(pendingFlagFor(role));
  const first = questions.data?.pages[0];
  return (
    <Card
      size="small"
      title={t('dashboard.questions_title')}
      extra={first ? t('dashboard.questions_count', { count: first.total }) : null}
    >
      <List
        loading={questions.isPending}
        dataSource={(first?.records ?? []).slice(0, SHOWN)}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.no_questions')} />,
        }}
        renderItem={(item) => (
          <List.Item>
            <List.Item.Meta
              title={<Link to={orderListLink(role, item.ordersn)}>{item.ordersn}</Link>}
              description={
                <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                  {item.note}
                </Typography.Paragraph>
              }
            />
            <Typography.Text type="secondary">{formatDateTime(item.createTime)}</Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
