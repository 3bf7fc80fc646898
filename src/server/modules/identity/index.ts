export { hashPassword } from './sign-in/credentials.js';
export { syncMenuCatalog, baseRoleId, ensureBaseRoles } from './roles/menu-catalog.service.js';
export { authenticate, resolveActor, revokeSessionsOf } from './sign-in/session.service.js';
export type { SmsSender } from './sign-in/sms.js';
export { logSmsSender } from './sign-in/sms.js';
export { sessions, users } from './identity.tables.js';
export { departments, userDeparts, userRoles } from './identity.tables.js';
export { pruneSignInRecords, signInPruneJob } from './sign-in/sign-in-prune.js';
