export { systemRoutes } from './system.routes.js';
export { hitRateLimit } from './rate-limit.js';
export * from './system.tables.js';
export { syncDictionaries } from './dict-catalog.service.js';
