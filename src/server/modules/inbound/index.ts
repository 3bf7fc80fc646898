export { createInboundOrder } from './inbound.service.js';
export { finishBox, receiveInbound, reportDiscrepancy, undoReceipt } from './inbound-work.service.js';
export { shelveInbound, undoShelving } from './inbound-shelving.service.js';
export { receiveInboundRun } from './inbound-receive-run.js';
export { getInboundOrder, listInboundOrders } from './inbound.queries.js';
export { inboundFigures } from './inbound-figures.queries.js';
export { inboundScope } from './inbound.access.js';
export { inboundBoxes } from './inbound.tables.js';
export { inboundBoxLines, inboundOrders } from './inbound.tables.js';
