export { finishReturn, inspectReturnItem, matchReturn, receiveReturn } from './returns.service.js';
export { expectedReturnsFor, getReturn, listReturns } from './returns.queries.js';
export { returnItems, returns } from './returns.tables.js';
