export { assignCount, closeCount, countLocation, createCount, reviewCount } from './counts.service.js';
export { getCount, listCounts, listCountTasks } from './counts.queries.js';
export { countLines, countLocations, countOrders } from './counts.tables.js';
export { countLocationRun } from './counts-run.js';
