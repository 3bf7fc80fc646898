export { brandingFor, chatScriptOriginFor, DEFAULT_BRANDING } from './tenants.service.js';
export { resolveLoginTenant, resolveTenantId } from './tenant-resolution.js';
export { tenantDomains, tenants } from './tenants.tables.js';
