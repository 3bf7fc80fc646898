export { auditTransfer, createTransfer, receiveTransfer } from './transfers.service.js';
export { stockTransferLines, stockTransfers } from './transfers.tables.js';
