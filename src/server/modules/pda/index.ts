export { pushOps } from './push.service.js';
export { pullChanges } from './pull.service.js';
export { pdaPruneJob } from './prune.service.js';
