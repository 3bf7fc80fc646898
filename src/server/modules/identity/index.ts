export { identityRoutes } from './identity.routes.js';
export { hashPassword } from './credentials.js';
export { syncMenuCatalog, baseRoleId, ensureBaseRoles } from './catalog.service.js';
export { resolveActor, revokeSessionsOf } from './session.service.js';
export type { SmsSender } from './sms.js';
export * from './identity.tables.js';
export { LOG_TYPE } from './session.service.js';
