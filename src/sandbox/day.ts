/**
 * A simulated marketplace day: a seeded, reproducible schedule of what the six marketplaces do
 * to their shops over some hours — the live stream's order events (World.advance: new orders,
 * payments, cancellations in every state, address and item edits, orders with items the seller
 * has no SKU for) spread over the day, and the platforms' own trouble at set times: access
 * tokens expired early, bursts of throttling (HTTP 429 or the platform's own throttle error),
 * and one platform's outage (HTTP 503 for some minutes).
 *
 * The schedule lives in memory with the world it plays on. A test or the bench owns the clock
 * and runs the day faster than time (`movesClock`: each entry moves the world's clock to its
 * moment first); `npm start`'s live stream runs the same schedule at the real clock's pace
 * (stream.ts).
 */
import type { MarketplacePlatform } from '@shared/domain/marketplaces.js';
import { SANDBOX_DAY_MS, seededRandom } from './world-model.js';
import { type FaultKind } from './world-traffic.js';
import { type World } from './world.js';

/** The platforms' trouble a day schedules: what each entry does. */
export type DayTrouble = 'token_expiry' | 'throttle' | 'outage_start' | 'outage_end';

export type DayEntry =
  | { at: number; kind: 'orders'; platform: MarketplacePlatform; shopId: string }
  | { at: number; kind: DayTrouble; platform: MarketplacePlatform; shopId: string };

export interface DayOptions {
  seed: number;
  /** How long the day lasts in simulated hours (24 for a whole one). */
  hours: number;
  /** Order events per shop per simulated hour. */
  eventsPerShopHour: number;
  /** How long the outage lasts, in simulated minutes (0: none). */
  outageMinutes: number;
  /** Bursts of throttling per shop in the day. */
  throttleBursts: number;
  /** Whether each entry moves the world's clock to its moment (a test's accelerated clock). */
  movesClock: boolean;
}

export const DEFAULT_DAY: DayOptions = {
  seed: 28,
  hours: 24,
  eventsPerShopHour: 30,
  outageMinutes: 20,
  throttleBursts: 3,
  movesClock: true,
};

/** What a day did so far: events by kind, for the figures a run prints. */
export interface DayTally {
  orderEvents: number;
  tokenExpiries: number;
  throttleBursts: number;
  outages: number;
}

/** The outage's HTTP status and the wait its replies ask for (what a platform's load balancer sends). */
const OUTAGE_FAULT: FaultKind = 'http_503';
const OUTAGE_RETRY_AFTER_SECONDS = 30;
/** The least real time between two throttling bursts on one platform (see `play`). */
const BURST_SPACING_MS = 15_000;

/**
 * The day's entries for these shops, in time order (ties in the shops' order): each shop's order
 * events at seeded moments; each shop's access tokens expired once (Coupang's keys do not expire)
 * and `throttleBursts` bursts; and one platform, drawn from the seed, out for `outageMinutes`
 * around the day's middle.
 */
export function planDay(
  shops: readonly { platform: MarketplacePlatform; shopId: string }[],
  options: DayOptions,
): DayEntry[] {
  const random = seededRandom(options.seed);
  const length = options.hours * 3_600_000;
  const entries: DayEntry[] = [];
  for (const shop of shops) {
    const count = Math.round(options.hours * options.eventsPerShopHour);
    for (let index = 0; index < count; index += 1)
      entries.push({ at: Math.floor(random() * length), kind: 'orders', ...shop });
    if (shop.platform !== 'coupang')
      entries.push({ at: Math.floor((0.2 + random() * 0.6) * length), kind: 'token_expiry', ...shop });
    for (let burst = 0; burst < options.throttleBursts; burst += 1)
      entries.push({ at: Math.floor(random() * length), kind: 'throttle', ...shop });
  }
  const down = shops[Math.floor(random() * shops.length)];
  if (down && options.outageMinutes > 0) {
    const start = Math.floor((0.4 + random() * 0.1) * length);
    entries.push({ at: start, kind: 'outage_start', ...down });
    entries.push({ at: start + options.outageMinutes * 60_000, kind: 'outage_end', ...down });
  }
  return entries
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => a.entry.at - b.entry.at || a.order - b.order)
    .map(({ entry }) => entry);
}

/** A day on a world: its schedule from the world's shops, played up to a moment at a time. */
export class SimulatedDay {
  readonly entries: DayEntry[];
  readonly startsAt: number;
  readonly tally: DayTally = { orderEvents: 0, tokenExpiries: 0, throttleBursts: 0, outages: 0 };
  /** When (the machine's clock) each platform's last throttling burst began. */
  private readonly lastBurstAt = new Map<MarketplacePlatform, number>();
  private next = 0;
  private readonly random: () => number;

  constructor(
    readonly world: World,
    readonly options: DayOptions = DEFAULT_DAY,
  ) {
    this.startsAt = world.now();
    this.entries = planDay(
      [...world.shops.values()].map((shop) => ({ platform: shop.platform, shopId: shop.shopId })),
      options,
    );
    this.random = seededRandom(options.seed * 31 + 7);
  }

  /** The day's length in milliseconds. */
  get lengthMs(): number {
    return this.options.hours * 3_600_000;
  }

  get isOver(): boolean {
    return this.next >= this.entries.length;
  }

  /** Whether a platform is out at this point of the day. */
  isOut(platform: MarketplacePlatform): boolean {
    return this.world.traffic.faults.some(
      (fault) => fault.platform === platform && fault.kind === OUTAGE_FAULT,
    );
  }

  /** Plays the entries due up to `offsetMs` from the day's start; answers how many it played. */
  playUntil(offsetMs: number): number {
    let played = 0;
    while (this.next < this.entries.length) {
      const entry = this.entries[this.next];
      if (!entry || entry.at > offsetMs) break;
      this.next += 1;
      if (this.options.movesClock) {
        const ahead = this.startsAt + entry.at - this.world.now();
        if (ahead > 0) this.world.moveClock(ahead);
      }
      this.play(entry);
      played += 1;
    }
    if (this.options.movesClock) {
      const ahead = this.startsAt + Math.min(offsetMs, this.lengthMs) - this.world.now();
      if (ahead > 0) this.world.moveClock(ahead);
    }
    return played;
  }

  /** Ends the day's trouble still under way: an outage past the day's end, throttling not yet met. */
  endTrouble(): void {
    for (const platform of new Set([...this.world.shops.values()].map((shop) => shop.platform)))
      for (const kind of [OUTAGE_FAULT, 'http_429', 'throttle'] as const)
        this.world.traffic.endFaults(platform, kind);
  }

  private play(entry: DayEntry): void {
    const { world } = this;
    if (!world.shop(entry.platform, entry.shopId)) return;
    switch (entry.kind) {
      case 'orders':
        world.advance(entry.platform, entry.shopId, 1);
        this.tally.orderEvents += 1;
        return;
      case 'token_expiry':
        world.auth.expireAccessTokens(entry.platform, entry.shopId);
        this.tally.tokenExpiries += 1;
        return;
      case 'throttle': {
        // One burst at a time: bursts met back to back would refuse more than a waiting client
        // retries. On an accelerated clock a client's few seconds of waiting span simulated hours,
        // in which the next bursts would fall on the same retries: bursts on one platform are
        // kept BURST_SPACING_MS of real time apart, as they are at the real pace.
        if (
          world.traffic.faults.some(
            (fault) => fault.platform === entry.platform && fault.kind !== OUTAGE_FAULT,
          )
        )
          return;
        const last = this.lastBurstAt.get(entry.platform);
        if (last !== undefined && Date.now() - last < BURST_SPACING_MS) return;
        this.lastBurstAt.set(entry.platform, Date.now());
        world.traffic.injectFault({
          platform: entry.platform,
          // The platform's own throttle error (inside HTTP 200 where it answers so) or a plain 429.
          kind: this.random() < 0.5 ? 'http_429' : 'throttle',
          // Fewer refusals in a row than a client that waits as asked retries (the session's five).
          count: 2 + Math.floor(this.random() * 3),
          retryAfterSeconds: 1 + Math.floor(this.random() * 2),
        });
        this.tally.throttleBursts += 1;
        return;
      }
      case 'outage_start':
        world.traffic.injectFault({
          platform: entry.platform,
          kind: OUTAGE_FAULT,
          count: Number.MAX_SAFE_INTEGER,
          retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS,
        });
        this.tally.outages += 1;
        return;
      case 'outage_end':
        world.traffic.endFaults(entry.platform, OUTAGE_FAULT);
        return;
    }
  }
}

/** A day of SANDBOX_DAY_MS from now on the world's clock, played as time passes (the live stream). */
export function liveDay(world: World, eventsPerShopHour: number, seed: number): SimulatedDay {
  return new SimulatedDay(world, {
    ...DEFAULT_DAY,
    seed,
    hours: SANDBOX_DAY_MS / 3_600_000,
    eventsPerShopHour,
    movesClock: false,
  });
}
