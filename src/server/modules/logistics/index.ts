export { readCarrierUrls, type CarrierUrls } from './carriers/index.js';
export { logisticsJobs } from './logistics.jobs.js';
export { logisticsRoutes } from './logistics.routes.js';
export { logisticsChannels, orderPicks, waybills } from './logistics.tables.js';
export { logisticsRuntime, type LogisticsRuntime } from './runtime.js';
export { authoriseChannel, channelBinding } from './channels.service.js';
export { markSelfShipped } from './waybills.service.js';
export { bagParcels, bags, handoverParcels, handovers } from './bags.tables.js';
export {
  addToBag,
  closeBag,
  deliverHandover,
  openBag,
  packParcel,
  putBackParcel,
  removeFromBag,
} from './packing.service.js';
export { pushTracking } from './outbound.service.js';
export * from './picking/index.js';
