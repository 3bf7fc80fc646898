/** Every table of the product, for drizzle-kit and typed queries. Modules own their tables. */
export * from '../modules/tenants/tenants.tables.js';
export * from '../modules/identity/identity.tables.js';
export * from '../modules/system/system.tables.js';
export * from '../modules/announcements/announcements.tables.js';
export * from '../modules/questions/questions.tables.js';
export * from '../modules/videos/videos.tables.js';
export * from '../modules/warehouse/warehouse.tables.js';
export * from '../modules/catalog/catalog.tables.js';
export * from '../modules/inventory/inventory.tables.js';
export * from '../modules/inbound/inbound.tables.js';
export * from '../modules/pda/pda.tables.js';
