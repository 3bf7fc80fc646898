export { pushOps } from './push.service.js';
export { pullChanges } from './pull.service.js';
export { type PdaPruneJobOptions, pdaPruneJob } from './prune.service.js';
