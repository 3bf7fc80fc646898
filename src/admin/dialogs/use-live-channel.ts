/** Runs the live channel for the signed-in user while the shell is mounted. */
import { useEffect, useRef } from 'react';
import type { LiveMessage } from '@shared/contract/announcements.js';
import { LiveChannel, liveChannelUrl } from './live-channel.js';

type Announcement = Extract<LiveMessage, { cmd: 'announcement' }>;
type Download = Extract<LiveMessage, { cmd: 'download' }>;

export function useLiveChannel(
  userId: string | null,
  token: string | null,
  onAnnouncement: (message: Announcement) => void,
  onDownload?: (message: Download) => void,
) {
  const handler = useRef(onAnnouncement);
  handler.current = onAnnouncement;
  const downloadHandler = useRef(onDownload);
  downloadHandler.current = onDownload;

  useEffect(() => {
    if (!userId || !token || typeof WebSocket === 'undefined') return undefined;
    const channel = new LiveChannel({
      connect: () => new WebSocket(liveChannelUrl(window.location, userId), [token]),
      onAnnouncement: (message) => handler.current(message),
      onDownload: (message) => downloadHandler.current?.(message),
    });
    channel.start();
    return () => channel.stop();
  }, [userId, token]);
}
