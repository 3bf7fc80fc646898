export { pdaRoutes } from './pda.routes.js';
export { pushOps } from './push.service.js';
export { pullChanges } from './pull.service.js';
export * from './pda.tables.js';
