export { allocateArrivingStock, consumeOrder, releaseOrder, reserveOrder } from './reservation.service.js';
export { repairReservations, stockHolders } from './reservation-repair.service.js';
export { createOrder, moveOrder, sellerOf, takeSystemNos } from './orders.service.js';
export { cancelOrders, passReview } from './order-actions.service.js';
export {
  clearSyncFailures,
  flagSyncFailures,
  flagUnmatchedOrders,
  releaseMatchedOrders,
  upsertMarketplaceOrder,
  upsertMarketplaceOrders,
} from './marketplace-orders.service.js';
export { getOrder } from './order-detail.queries.js';
export { listOrders } from './orders.queries.js';
export { orderFigures, type OrderFigures } from './order-figures.queries.js';
export {
  lockOrders,
  openException,
  orderScope,
  recordHistories,
  recordHistory,
  resolveExceptionsOf,
  type OrderRecord,
} from './orders.access.js';
export { BUYER_COLUMNS, ordersOfShop, redactBuyers, setPrinted, setTracking } from './order-fields.js';
export { moveWarehouseStatus, moveWarehouseStatuses, type WarehouseStep } from './warehouse-status.js';
export { orderExceptions, orderLines, orderReservations, orders } from './orders.tables.js';
