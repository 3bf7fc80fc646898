/**
 * Which announcement the modal shows: the newest unread one on load, one chosen from the bell,
 * or one pushed by the live channel (which also refreshes the bell). Closing marks it read.
 */
import { useQueryClient } from '@tanstack/react-query';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import {
  fetchAnnouncement,
  SHELL_KEYS,
  useLastUnreadAnnouncement,
  useMarkAnnouncementRead,
} from '@api/modules/shell.js';
import type { AnnouncementView } from '@shared/contract/announcements.js';
import { AnnouncementModal } from './AnnouncementModal.js';
import { DOWNLOAD_KEYS } from '@api/modules/downloads.js';
import { useLiveChannel } from './use-live-channel.js';

export interface AnnouncementCenterHandle {
  show: (id: string) => void;
}

export const AnnouncementCenter = forwardRef<
  AnnouncementCenterHandle,
  { userId: string; token: string | null }
>(function AnnouncementCenter({ userId, token }, ref) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<AnnouncementView | null>(null);
  const lastUnread = useLastUnreadAnnouncement();
  const markRead = useMarkAnnouncementRead();
  const hasShownLastUnread = useRef(false);

  useEffect(() => {
    if (hasShownLastUnread.current || !lastUnread.data) return;
    hasShownLastUnread.current = true;
    setCurrent(lastUnread.data);
  }, [lastUnread.data]);

  const show = (id: string) => {
    void queryClient
      .fetchQuery({ queryKey: SHELL_KEYS.announcement(id), queryFn: () => fetchAnnouncement(id) })
      .then(setCurrent, () => undefined);
  };
  useImperativeHandle(ref, () => ({ show }));

  useLiveChannel(
    userId,
    token,
    (message) => {
      void queryClient.invalidateQueries({ queryKey: SHELL_KEYS.announcementsByUser });
      show(message.msgId);
    },
    // A download task changed: the download list, wherever it is open, reads it again.
    () => void queryClient.invalidateQueries({ queryKey: DOWNLOAD_KEYS.all }),
  );

  const handleClose = () => {
    if (current && current.readFlag !== '1') markRead.mutate(current.anntId);
    setCurrent(null);
  };

  return <AnnouncementModal announcement={current} onClose={handleClose} />;
});
