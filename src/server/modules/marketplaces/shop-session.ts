/**
 * Calls to one shop's platform with its authorisation: the grant opened from its sealed secrets,
 * the access token refreshed ahead of its expiry (and once more when the platform calls it
 * stale or refuses it as revoked while a refresh token is held), each fresh grant sealed and
 * stored at once (a refresh token is often single-use).
 * Waits and retries live here, not in the connectors: a 429 or throttle error waits what the
 * platform asks, a 5xx or unreadable reply backs off; anything else is the caller's to handle.
 * A shop's calls go a few at once (calls-at-once.ts), however much a connector's page fans out.
 * The order sync and the waybills both call through it.
 */
import { eq } from 'drizzle-orm';
import { MARKETPLACE_SYNC } from '@shared/domain/marketplaces.js';
import { withTenant, type Db } from '../../db/client.js';
import { fetchAtMost } from './calls-at-once.js';
import { MarketplaceError, type CallContext, type ShopGrant } from './connector.js';
import { shops } from './marketplaces.tables.js';
import { platformOf, type MarketplaceRuntime } from './runtime.js';
import { grantBinding } from './shops.service.js';

export type ShopRow = typeof shops.$inferSelect;

/** The longest wait a throttled platform may ask of one call. */
const MAX_WAIT_MS = 60_000;

export class ShopSession {
  grant: ShopGrant;
  /** The network as this shop's calls reach it: a few at once (calls-at-once.ts). */
  private readonly fetch: typeof fetch;
  constructor(
    readonly db: Db,
    readonly runtime: MarketplaceRuntime,
    readonly shop: ShopRow,
  ) {
    const { box } = platformOf(runtime, shop.platform);
    if (!shop.secrets) throw new MarketplaceError('revoked', 'the shop has no authorisation');
    this.grant = box.open<ShopGrant>(shop.secrets, grantBinding(shop));
    this.grant.accessExpiresAt = this.grant.accessExpiresAt ? new Date(this.grant.accessExpiresAt) : null;
    this.grant.refreshExpiresAt = this.grant.refreshExpiresAt ? new Date(this.grant.refreshExpiresAt) : null;
    this.fetch = fetchAtMost(runtime.fetch);
  }

  context(): CallContext {
    const { app } = platformOf(this.runtime, this.shop.platform);
    return {
      app,
      grant: this.grant,
      fetch: this.fetch,
      now: () => this.runtime.now(),
      sleep: (ms) => this.runtime.sleep(Math.min(ms, MAX_WAIT_MS)),
    };
  }

  /** A fresh token, sealed and stored at once (a refresh token is often single-use). */
  async refresh(): Promise<void> {
    const { connector, box } = platformOf(this.runtime, this.shop.platform);
    const grant = await connector.refreshGrant(this.context());
    this.grant = grant;
    await withTenant(this.db, this.shop.tenantId, (tx) =>
      tx
        .update(shops)
        .set({
          secrets: box.seal(grant, grantBinding(this.shop)),
          accessExpiresAt: grant.accessExpiresAt,
          refreshExpiresAt: grant.refreshExpiresAt,
          updatedAt: new Date(),
        })
        .where(eq(shops.id, this.shop.id)),
    );
  }

  /** The token is refreshed ahead of its expiry, not after a refusal. */
  async refreshIfDue(): Promise<void> {
    const expires = this.grant.accessExpiresAt;
    if (
      expires &&
      expires.getTime() - this.runtime.now().getTime() < MARKETPLACE_SYNC.refreshAheadMinutes * 60_000
    ) {
      await this.refresh();
    }
  }

  /** One call with the waits and retries the module comment describes. */
  async call<T>(work: (ctx: CallContext) => Promise<T>): Promise<T> {
    let refreshed = false;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await work(this.context());
      } catch (error) {
        if (!(error instanceof MarketplaceError)) throw error;
        // A platform that refuses a stale token as it refuses a revoked one (Shopify's 401
        // "Invalid API key or access token" for an expiring token past its time, early or not)
        // is given one refresh too: the refresh is what is refused when the grant is really gone.
        const isStale =
          error.code === 'token_expired' || (error.code === 'revoked' && this.grant.refreshToken !== '');
        if (isStale && !refreshed) {
          refreshed = true;
          await this.refresh();
          continue;
        }
        const retryable =
          error.code === 'rate_limited' || error.code === 'unavailable' || error.code === 'malformed';
        if (!retryable || attempt >= MARKETPLACE_SYNC.retries) throw error;
        const backOff = 500 * 2 ** attempt;
        await this.runtime.sleep(Math.min(error.detail.retryAfterMs ?? backOff, MAX_WAIT_MS));
      }
    }
  }
}
