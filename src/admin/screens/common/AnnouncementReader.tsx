/**
 * Reads one announcement released to the user in the shell's announcement modal (title, send
 * time, sanitised HTML). Opening an unread one marks it read, which refreshes the bell, the
 * dashboard and 'My announcements'.
 */
import { useEffect } from 'react';
import { fetchAnnouncementById, markRead, useSystemChange, useSystemQuery } from '@api/modules/system.js';
import { AnnouncementModal } from '../../dialogs/AnnouncementModal.js';

export function AnnouncementReader({ id, onClose }: { id: string | null; onClose: () => void }) {
  const announcement = useSystemQuery('myAnnouncements', { one: id }, () => fetchAnnouncementById(id ?? ''), {
    enabled: id !== null,
  });
  const read = useSystemChange(markRead, ['myAnnouncements']);
  const { mutate } = read;
  const unreadId =
    announcement.data && announcement.data.readFlag === '0' && announcement.data.sendStatus === '1'
      ? announcement.data.anntId
      : null;

  useEffect(() => {
    // A failure here is not worth an error: the announcement simply stays unread.
    if (unreadId) mutate(unreadId, { onError: () => undefined });
  }, [unreadId, mutate]);

  return (
    <AnnouncementModal announcement={id !== null ? (announcement.data ?? null) : null} onClose={onClose} />
  );
}
