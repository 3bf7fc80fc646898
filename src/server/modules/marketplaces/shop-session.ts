/**
 * Calls to one shop's platform with its authorisation: the grant opened from its sealed secrets,
 * the access token refreshed ahead of its expiry (and once more when the platform calls it
 * stale or refuses it as revoked while a refresh token is held), each fresh grant sealed and
 * stored at once (a refresh token is often single-use).
 * Waits and retries live here, not in the connectors: a 429 or throttle error waits what the
 * platform asks, a 5xx or unreadable reply backs off; anything else is the caller's to handle.
 * Throttling is the platform saying "later", not a failure: every call of the session waits out
 * one pause together (calls in flight beside the refused one would only be refused in turn), and
 * a call is sent again for as long as its waits stay within the session's throttle budget
 * (MARKETPLACE_SYNC.throttleWaitMinutes for a sync run, a caller answering a person less).
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

/**
 * The throttle budget of calls made while a person waits for the answer (a waybill, a tracking
 * push): a few of the platform's short pauses, not a sync run's patience.
 */
export const ANSWERING_THROTTLE_BUDGET_MS = 20_000;

/** The wait of a throttled call whose platform names none, and of a 5xx, on its nth try. */
const backOffMs = (attempt: number) => Math.min(500 * 2 ** attempt, MAX_WAIT_MS);

export class ShopSession {
  grant: ShopGrant;
  /** The network as this shop's calls reach it: a few at once (calls-at-once.ts). */
  private readonly fetch: typeof fetch;
  /** The pause the platform asked for, under way: every call of the session waits it out. */
  private paused: Promise<void> | null = null;
  constructor(
    readonly db: Db,
    readonly runtime: MarketplaceRuntime,
    readonly shop: ShopRow,
    /** How long, in all, one call may wait out the platform's throttling before it fails. */
    private readonly throttleBudgetMs = MARKETPLACE_SYNC.throttleWaitMinutes * 60_000,
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
    // Throttling is waited out (the platform did not take the refresh token); nothing else is.
    const grant = await this.retrying(() => connector.refreshGrant(this.context()), { throttleOnly: true });
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
    return this.retrying(() => work(this.context()), {
      recover: async (error) => {
        // A platform that refuses a stale token as it refuses a revoked one (Shopify's 401
        // "Invalid API key or access token" for an expiring token past its time, early or not)
        // is given one refresh too: the refresh is what is refused when the grant is really gone.
        const isStale =
          error.code === 'token_expired' || (error.code === 'revoked' && this.grant.refreshToken !== '');
        if (!isStale || refreshed) return false;
        refreshed = true;
        await this.refresh();
        return true;
      },
    });
  }

  /**
   * Sends until it is answered: throttling waited out within the budget; a 5xx or unreadable
   * reply retried MARKETPLACE_SYNC.retries times unless `throttleOnly` (a refresh: a single-use
   * refresh token the platform spent before its 5xx would be refused the second time, and the
   * shop taken for revoked); `recover` may handle an error first and ask for another try.
   */
  private async retrying<T>(
    send: () => Promise<T>,
    {
      recover = async () => false,
      throttleOnly = false,
    }: { recover?: (error: MarketplaceError) => Promise<boolean>; throttleOnly?: boolean } = {},
  ): Promise<T> {
    let throttledFor = 0;
    let throttles = 0;
    for (let attempt = 0; ;) {
      if (this.paused) await this.paused;
      try {
        return await send();
      } catch (error) {
        if (!(error instanceof MarketplaceError)) throw error;
        if (await recover(error)) continue;
        if (error.code === 'rate_limited') {
          const wait = Math.min(error.detail.retryAfterMs ?? backOffMs(throttles), MAX_WAIT_MS);
          throttles += 1;
          throttledFor += wait;
          if (throttledFor > this.throttleBudgetMs) throw error;
          await this.pause(wait);
          continue;
        }
        const retryable = !throttleOnly && (error.code === 'unavailable' || error.code === 'malformed');
        if (!retryable || attempt >= MARKETPLACE_SYNC.retries) throw error;
        await this.runtime.sleep(Math.min(error.detail.retryAfterMs ?? backOffMs(attempt), MAX_WAIT_MS));
        attempt += 1;
      }
    }
  }

  /** One pause for the whole session: a call refused while one is under way waits with it. */
  private pause(ms: number): Promise<void> {
    this.paused ??= this.runtime.sleep(ms).finally(() => {
      this.paused = null;
    });
    return this.paused;
  }
}
