export { readMarketplaceApps, type MarketplaceApps } from './apps.js';
export { MarketplaceError, type Connector, type MarketplaceOrder, type ShopGrant } from './connector.js';
export { isPdf } from './http.js';
export { marketplaceItems, marketplaceOrders, shopSyncRuns, shops } from './marketplaces.tables.js';
export { CONNECTORS } from './platforms/index.js';
export {
  marketplaceRuntime,
  platformOf,
  realSleep,
  type MarketplaceOptions,
  type MarketplaceRuntime,
} from './runtime.js';
export { addShop, completeAuthorisation, connectWithKeys, startAuthorisation } from './shops.service.js';
export { parseSecretsKey, secretBox } from './secret-box.js';
export { marketplaceJobs, SYNC_JOB, syncKeyOf, type SyncSender } from './sync.jobs.js';
export { type SyncRequest } from './sync-run.queries.js';
export { syncShop, type SyncOutcome } from './sync.service.js';
export { ANSWERING_THROTTLE_BUDGET_MS, ShopSession, type ShopRow } from './shop-session.js';
export type { PlatformShipment } from './connector.js';
