/** Runs the live channel for the signed-in user while the shell is mounted. */
import { useEffect, useRef } from 'react';
import type { LiveMessage } from '../../shared/contract/announcements.js';
import { LiveChannel, liveChannelUrl } from './live-channel.js';

type Announcement = Extract<LiveMessage, { cmd: 'announcement' }>;

export function useLiveChannel(
  userId: string | null,
  token: string | null,
  onAnnouncement: (message: Announcement) => void,
) {
  const handler = useRef(onAnnouncement);
  handler.current = onAnnouncement;

  useEffect(() => {
    if (!userId || !token || typeof WebSocket === 'undefined') return undefined;
    const channel = new LiveChannel({
      connect: () => new WebSocket(liveChannelUrl(window.location, userId), [token]),
      onAnnouncement: (message) => handler.current(message),
    });
    channel.start();
    return () => channel.stop();
  }, [userId, token]);
}
