export { isWarehouseBound, visibleWarehouse, warehouseScope, type WarehouseRow } from './warehouse.access.js';
export { addWarehouse, assignStaff, listWarehouseOptions } from './warehouse.service.js';
export { addLocations, addPartition, stagingLocation, visibleLocation } from './location.service.js';
export { warehouseLocations, warehouses } from './warehouse.tables.js';
export { warehousePartitions, warehouseStaff } from './warehouse.tables.js';
export type { LocationOccupancy } from './warehouse.queries.js';
