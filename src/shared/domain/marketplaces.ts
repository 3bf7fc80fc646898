/**
 * The marketplaces a shop can be on (spec 02 §1), a shop's states, and the sync's constants
 * (spec 02 §9: Shopify every 30 minutes, other shops every half hour or in real time).
 */
export const MARKETPLACE_PLATFORMS = ['shopee', 'lazada', 'tiktok', 'shopify', 'joom', 'coupang'] as const;
export type MarketplacePlatform = (typeof MARKETPLACE_PLATFORMS)[number];

/**
 * pending: added, not yet authorised; active: authorised and syncing; paused: the seller stopped
 * its sync; expired: the authorisation is gone (revoked on the platform, or its refresh token
 * lapsed) and the seller must authorise again.
 */
export const SHOP_STATUSES = ['pending', 'active', 'paused', 'expired'] as const;
export type ShopStatus = (typeof SHOP_STATUSES)[number];

export const SYNC_RUN_STATES = ['running', 'succeeded', 'failed'] as const;
export type SyncRunState = (typeof SYNC_RUN_STATES)[number];

export const MARKETPLACE_SYNC = {
  /** Every shop is synced on this schedule (spec 02 §9); webhooks add real time where a platform has them. */
  intervalMinutes: 30,
  /** Each incremental sync starts this much before the last one's end, so a late write is not missed. */
  overlapMinutes: 10,
  /** A shop's first sync reaches this far back. */
  firstSyncDays: 15,
  /** A failing call (5xx, an unreadable reply) is sent again at most this many times before the run fails. */
  retries: 5,
  /**
   * A throttled call (429, the platform's throttle error) waits as asked and is sent again until
   * its waits come to this much in a sync run: a throttle is "later", not a failure.
   */
  throttleWaitMinutes: 10,
  /** Tokens are refreshed when they have less than this left. */
  refreshAheadMinutes: 30,
} as const;
