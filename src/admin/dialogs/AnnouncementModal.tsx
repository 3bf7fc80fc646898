/**
 * The announcement modal: title, send time and HTML content, with a
 * toggle between 60% and full width. The server already keeps only safe markup; the content
 * is sanitised again here before it reaches the page.
 */
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Modal, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnouncementView } from '@shared/contract/announcements.js';

export const MODAL_WIDTH_NORMAL = '60%';
export const MODAL_WIDTH_FULL = '100%';

export function sanitizeAnnouncementHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] });
}

export function AnnouncementModal({
  announcement,
  onClose,
}: {
  announcement: AnnouncementView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('shell');
  const [isFull, setIsFull] = useState(false);
  const content = useMemo(
    () => (announcement ? sanitizeAnnouncementHtml(announcement.msgContent) : ''),
    [announcement],
  );

  return (
    <Modal
      open={announcement !== null}
      onCancel={onClose}
      width={isFull ? MODAL_WIDTH_FULL : MODAL_WIDTH_NORMAL}
      style={isFull ? { top: 0, paddingBottom: 0, maxWidth: '100vw' } : undefined}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('announcement.close')}
        </Button>
      }
      title={
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 8,
            paddingInlineEnd: 40,
          }}
        >
          <span>{announcement?.titile}</span>
          <Tooltip title={isFull ? t('announcement.exit_full') : t('announcement.full')}>
            <Button
              type="text"
              size="small"
              aria-label={isFull ? t('announcement.exit_full') : t('announcement.full')}
              icon={isFull ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              onClick={() => setIsFull((full) => !full)}
            />
          </Tooltip>
        </div>
      }
    >
      {announcement && (
        <>
          <Typography.Text type="secondary">
            {t('announcement.send_time')}:{' '}
            {announcement.sendTime ? dayjs(announcement.sendTime).format('YYYY-MM-DD HH:mm:ss') : '-'}
            {announcement.sender ? ` · ${t('announcement.sender')}: ${announcement.sender}` : ''}
          </Typography.Text>
          <div
            className="announcement-content"
            style={{ marginTop: 16, maxHeight: isFull ? 'calc(100vh - 220px)' : '60vh', overflow: 'auto' }}
            dangerouslySetInnerHTML={{ __html: content }}
          />
        </>
      )}
    </Modal>
  );
}
