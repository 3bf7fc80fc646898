export { clearRateLimits, countHit, hitRateLimit, minutesOf, pruneRateLimits } from './rate-limit.js';
export { syncDictionaries } from './dict-catalog.service.js';
export { checkDuplicate, DUPLICATE_CHECK_PERMISSIONS } from './duplicate.service.js';
export { sysLogs } from './system.tables.js';
export { LOG_TYPE, writeSysLog, type SysLogEntry } from './sys-log.service.js';
