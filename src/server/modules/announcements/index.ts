export { notifyUser, registerLiveChannel } from './live.js';
export { releasedCount } from './announcements.service.js';
export { unreadCount } from './inbox.service.js';
export { announcements } from './announcements.tables.js';
