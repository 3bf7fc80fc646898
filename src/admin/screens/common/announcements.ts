/** How announcement codes look in lists: priority colours and the release status badges. */
import type { Priority, SendStatus } from '@shared/domain/announcements.js';

export const PRIORITY_COLORS: Record<Priority, string> = { H: 'red', M: 'orange', L: 'default' };

export const SEND_STATUS_BADGES: Record<SendStatus, 'default' | 'success' | 'warning'> = {
  '0': 'default',
  '1': 'success',
  '2': 'warning',
};
