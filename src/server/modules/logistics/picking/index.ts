export {
  claimWave,
  pickShort,
  pickTake,
  repickOrders,
  settlePickedOrder,
  takeUnits,
} from './pick.service.js';
export { lockWaveOfOrder } from './pick-progress.queries.js';
export { pickTakeRun } from './pick-run.js';
export { createWave, readyToPick } from './waves.service.js';
export { getWave, listWaves, pdaWaves } from './waves.queries.js';
export { waveOrders, waveShortages, waves } from './picking.tables.js';
