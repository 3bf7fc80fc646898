export { inboundRoutes } from './inbound.routes.js';
export { createInboundOrder } from './inbound.service.js';
export {
  finishBox,
  receiveInbound,
  reportDiscrepancy,
  shelveInbound,
  undoReceipt,
  undoShelving,
} from './inbound-work.service.js';
export { getInboundOrder, listInboundOrders } from './inbound.queries.js';
export * from './inbound.tables.js';
export { inboundScope } from './inbound.access.js';
