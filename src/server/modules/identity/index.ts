export { identityRoutes } from './sign-in/sign-in.routes.js';
export { hashPassword } from './sign-in/credentials.js';
export { syncMenuCatalog, baseRoleId, ensureBaseRoles } from './roles/menu-catalog.service.js';
export { resolveActor, revokeSessionsOf } from './sign-in/session.service.js';
export type { SmsSender } from './sign-in/sms.js';
export * from './identity.tables.js';
export { LOG_TYPE } from './sign-in/session.service.js';
