export {
  adjustStock,
  destroyStock,
  freezeStock,
  balanceKeyOf,
  issueStock,
  lockForReservation,
  lockLocationFill,
  moveStock,
  receiveStock,
  recordMovements,
  releaseStock,
  reserveLocked,
  reserveStock,
  returnStock,
  takeBackReceipt,
  takeBackShelving,
  transferIn,
  transferOut,
  unfreezeStock,
  writeOffInTransit,
} from './stock.service.js';
export type { HoldEntry } from './stock.service.js';
export { listLocationStock, listStock, listStockRecords } from './stock.queries.js';
export { locationStock, stockBalances, stockMovements } from './inventory.tables.js';
export { stockByWarehouse } from './stock-figures.queries.js';
export { locationOccupancy } from './location-occupancy.js';
