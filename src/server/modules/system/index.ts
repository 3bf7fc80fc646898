export { hitRateLimit } from './rate-limit.js';
export { syncDictionaries } from './dict-catalog.service.js';
export { checkDuplicate } from './duplicate.service.js';
export { sysLogs } from './system.tables.js';
