/**
 * What a sandbox marketplace does to the traffic it gets: the faults a test asked for (a 429, an
 * outage, a reply cut off), each platform's documented rate limit as a token bucket per caller,
 * and the record of the requests it answered (what tests count). In memory, reset with the world.
 */
import type { MarketplacePlatform } from '@shared/domain/marketplaces.js';

export type FaultKind =
  | 'http_429'
  | 'http_500'
  | 'http_503'
  /** The platform's own throttle error (e.g. inside HTTP 200), as its plugin renders it. */
  | 'throttle'
  /** The reply cut off halfway. */
  | 'truncated'
  /** An HTML error page where JSON was due. */
  | 'malformed';

export interface Fault {
  platform: MarketplacePlatform;
  /** Only requests whose path contains this; '' for any. */
  pathContains: string;
  kind: FaultKind;
  /** Matching requests let through before the fault starts (a page failing midway). */
  skip: number;
  /** How many matching requests it hits. */
  count: number;
  retryAfterSeconds: number;
}

export interface RequestRecord {
  platform: MarketplacePlatform;
  method: string;
  path: string;
  status: number;
}

/**
 * Each platform's documented limit, in units a second per caller (README: "The sandbox's rate
 * limits"; docs/architecture.md): Shopee publishes no numbers (its schemas carry
 * `rate_limit: [0,0,0]`), so 100 calls a second per shop stands in [UNDOCUMENTED]; Lazada's
 * per-API QPS, 30 (the figure its FAQ gives for an API) per seller and API; TikTok Shop's 50
 * QPS per app, shop and API; Shopify's GraphQL Admin API on the Standard plan, 100 cost points a
 * second (a bucket of 2,000: bucketSeconds 20); Joom's 50 calls a minute per store and API
 * [3P] (50/60 a second, a bucket of 60 seconds); Coupang's about 10 calls a second per vendor.
 * A test may change them (`rateLimits`, `/__control/rate-limits`).
 */
export const DEFAULT_RATE_LIMITS: Record<MarketplacePlatform, number> = {
  shopee: 100,
  lazada: 30,
  tiktok: 50,
  shopify: 100,
  joom: 50 / 60,
  coupang: 10,
};

/** A caller's bucket once a request was counted against it. */
export interface RateState {
  isAllowed: boolean;
  /** What the request asked for (Shopify: its query cost). */
  requested: number;
  /** What is left in the bucket (after the request, when it was allowed). */
  available: number;
  capacity: number;
  perSecond: number;
}

export class Traffic {
  faults: Fault[] = [];
  readonly requests: RequestRecord[] = [];
  rateLimits: Record<MarketplacePlatform, number> = { ...DEFAULT_RATE_LIMITS };
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  reset(): void {
    this.faults = [];
    this.requests.length = 0;
    this.buckets.clear();
    this.rateLimits = { ...DEFAULT_RATE_LIMITS };
  }

  injectFault(fault: Partial<Fault> & Pick<Fault, 'platform' | 'kind'>): void {
    this.faults.push({ pathContains: '', skip: 0, count: 1, retryAfterSeconds: 1, ...fault });
  }

  /** The fault this request meets, if any (consuming one of its count). */
  takeFault(platform: MarketplacePlatform, path: string): Fault | undefined {
    for (const fault of this.faults) {
      if (fault.platform !== platform || fault.count <= 0 || !path.includes(fault.pathContains)) continue;
      if (fault.skip > 0) {
        fault.skip -= 1;
        continue;
      }
      fault.count -= 1;
      this.faults = this.faults.filter((candidate) => candidate.count > 0);
      return fault;
    }
    return undefined;
  }

  /** One request against a platform's limit for a caller; false when it is over (a token bucket). */
  withinRateLimit(platform: MarketplacePlatform, caller: string): boolean {
    return this.takeRate(platform, caller).isAllowed;
  }

  /**
   * A request costing `cost` against the caller's bucket, which holds `bucketSeconds` of the
   * platform's limit and refills continuously (Shopify's leaky bucket; a plain per-second limit
   * with bucketSeconds 1). A refused request takes nothing.
   */
  takeRate(platform: MarketplacePlatform, caller: string, cost = 1, bucketSeconds = 1): RateState {
    const perSecond = this.rateLimits[platform];
    const capacity = Math.max(1, perSecond * bucketSeconds);
    const key = `${platform}:${caller}`;
    const now = Date.now();
    const bucket = this.buckets.get(key) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    const isAllowed = bucket.tokens >= cost;
    if (isAllowed) bucket.tokens -= cost;
    return { isAllowed, requested: cost, available: Math.floor(bucket.tokens), capacity, perSecond };
  }

  record(request: RequestRecord): void {
    this.requests.push(request);
    if (this.requests.length > 100_000) this.requests.splice(0, 50_000);
  }

  /** Requests a platform answered, by path, since the last reset (what tests count). */
  requestCounts(platform: MarketplacePlatform): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const request of this.requests) {
      if (request.platform === platform) counts[request.path] = (counts[request.path] ?? 0) + 1;
    }
    return counts;
  }

  /** Ends a platform's faults of a kind (an outage over), however many requests they had left. */
  endFaults(platform: MarketplacePlatform, kind: FaultKind): void {
    this.faults = this.faults.filter((fault) => fault.platform !== platform || fault.kind !== kind);
  }
}
