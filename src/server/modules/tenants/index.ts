export { tenantRoutes } from './tenants.routes.js';
export { brandingFor, chatScriptOriginFor, DEFAULT_BRANDING } from './tenants.service.js';
export * from './tenants.tables.js';
export { createTenant, syncAllTenants, allTenantIds, type NewTenant } from './provision.js';
