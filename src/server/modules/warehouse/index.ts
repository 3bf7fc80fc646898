export { warehouseRoutes } from './warehouse.routes.js';
export { isWarehouseBound, visibleWarehouse, warehouseScope, type WarehouseRow } from './warehouse.access.js';
export { addWarehouse, assignStaff, listWarehouseOptions } from './warehouse.service.js';
export { addLocations, addPartition, visibleLocation } from './location.service.js';
export * from './warehouse.tables.js';
