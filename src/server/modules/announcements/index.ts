export { announcementRoutes } from './announcements.routes.js';
export { registerLiveChannel } from './live.js';
export { releasedCount } from './announcements.service.js';
export { unreadCount } from './inbox.service.js';
export * from './announcements.tables.js';
