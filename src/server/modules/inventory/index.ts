export {
  adjustStock,
  destroyStock,
  freezeStock,
  issueStock,
  lockLocationFill,
  moveStock,
  receiveStock,
  recordMovements,
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
export { stockMovements } from './inventory.tables.js';
export { locationOccupancy } from './location-occupancy.js';
