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
export { stockBalances, stockMovements } from './inventory.tables.js';
export { stockByWarehouse } from './stock-figures.queries.js';
export { locationOccupancy } from './location-occupancy.js';
