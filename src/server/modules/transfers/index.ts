export { auditTransfer, createTransfer, finishTransfer, receiveTransfer } from './transfers.service.js';
export { stockTransferLines, stockTransfers } from './transfers.tables.js';
