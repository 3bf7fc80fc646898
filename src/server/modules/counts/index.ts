export { assignCount, closeCount, countLocation, createCount } from './counts.service.js';
export { reviewCount } from './count-review.service.js';
export { getCount, listCounts, listCountTasks } from './counts.queries.js';
export { countLines, countLocations, countOrders } from './counts.tables.js';
export { countLocationRun } from './counts-run.js';
