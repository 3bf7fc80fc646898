/** The announcement bell: the unread count (listByUser) and the unread notices; choosing one opens it. */
import { BellOutlined } from '@ant-design/icons';
import { List, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAnnouncementsByUser } from '@api/modules/shell.js';
import { useShellDialogs } from '../dialogs/ShellDialogs.js';
import { BadgePopover } from './BadgePopover.js';

export const MY_ANNOUNCEMENTS_PATH = '/isps/userAnnouncement';

export function AnnouncementBell() {
  const { t } = useTranslation('shell');
  const [isOpen, setIsOpen] = useState(false);
  const { showAnnouncement } = useShellDialogs();
  const inbox = useAnnouncementsByUser();
  const count = (inbox.data?.anntMsgTotal ?? 0) + (inbox.data?.sysMsgTotal ?? 0);
  const unread = [...(inbox.data?.anntMsgList ?? []), ...(inbox.data?.sysMsgList ?? [])].sort((a, b) =>
    (b.sendTime ?? '').localeCompare(a.sendTime ?? ''),
  );

  const content = (
    <div style={{ width: 320 }}>
      <List
        size="small"
        dataSource={unread}
        locale={{ emptyText: t('bell.empty') }}
        renderItem={(item) => (
          <List.Item
            style={{ cursor: 'pointer' }}
            onClick={() => {
              setIsOpen(false);
              showAnnouncement(item.anntId);
            }}
          >
            <List.Item.Meta
              title={<Typography.Text ellipsis>{item.titile}</Typography.Text>}
              description={item.sendTime ? dayjs(item.sendTime).format('YYYY-MM-DD HH:mm') : null}
            />
          </List.Item>
        )}
      />
      <div style={{ textAlign: 'center', borderTop: '1px solid rgba(5, 5, 5, 0.06)', paddingTop: 8 }}>
        <Link to={MY_ANNOUNCEMENTS_PATH} onClick={() => setIsOpen(false)}>
          {t('bell.view_all')}
        </Link>
      </div>
    </div>
  );

  return (
    <BadgePopover
      title={t('bell.title')}
      count={count}
      icon={<BellOutlined style={{ fontSize: 16 }} />}
      content={content}
      open={isOpen}
      onOpenChange={setIsOpen}
    />
  );
}
