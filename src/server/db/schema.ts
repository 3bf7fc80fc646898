/** Every table of the product, for drizzle-kit and typed queries. Modules own their tables. */
export * from '../modules/tenants/tenants.tables.js';
export * from '../modules/identity/identity.tables.js';
export * from '../modules/system/system.tables.js';
