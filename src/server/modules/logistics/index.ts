export { readCarrierUrls, type CarrierUrls } from './carriers/index.js';
export { logisticsJobs } from './logistics.jobs.js';
export { logisticsChannels, orderPicks, waybills } from './logistics.tables.js';
export { logisticsRuntime, type LogisticsRuntime } from './runtime.js';
export { authoriseChannel, channelBinding } from './channels.service.js';
export { markSelfShipped } from './waybills.service.js';
export { bagParcels, bags, handoverParcels, handovers } from './bags.tables.js';
export { deliverHandover } from './handover.service.js';
export { addToBag, closeBag, openBag, packParcel, putBackParcel, removeFromBag } from './packing.service.js';
export { pushTracking } from './tracking-push.service.js';
export {
  claimWave,
  createWave,
  getWave,
  listWaves,
  lockWaveOfOrder,
  pdaWaves,
  pickShort,
  pickTake,
  pickTakeRun,
  readyToPick,
  repickOrders,
  settlePickedOrder,
  takeUnits,
  waveOrders,
  waveShortages,
  waves,
} from './picking/index.js';
