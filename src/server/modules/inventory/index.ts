export { inventoryRoutes } from './inventory.routes.js';
export {
  adjustStock,
  destroyStock,
  freezeStock,
  issueStock,
  lockLocationFill,
  moveStock,
  receiveStock,
  releaseStock,
  reserveStock,
  returnStock,
  takeBackReceipt,
  takeBackShelving,
  transferIn,
  transferOut,
  unfreezeStock,
} from './stock.service.js';
export { listLocationStock, listStock, listStockRecords } from './stock.queries.js';
export * from './inventory.tables.js';
