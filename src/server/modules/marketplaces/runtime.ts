/**
 * What the shops module needs from outside, built once by app.ts: the configured apps, the
 * connectors, the secret box, where the platforms send sellers back to, the network and a clock.
 */
import { MARKETPLACE_SYNC, type MarketplacePlatform } from '@shared/domain/marketplaces.js';
import { AppError } from '@shared/errors.js';
import type { MarketplaceApps } from './apps.js';
import { CONNECTORS } from './platforms/index.js';
import { secretBox } from './secret-box.js';
import type { AppConfig, Connector } from './connector.js';
import type { SecretBox } from './secret-box.js';

export interface MarketplaceRuntime {
  apps: MarketplaceApps;
  connectors: Partial<Record<MarketplacePlatform, Connector>>;
  /** Null when SECRETS_KEY is not set: shops can be listed but not authorised. */
  box: SecretBox | null;
  /** This server's public address: the authorisation's return point and webhook targets. */
  publicUrl: string;
  fetch: typeof fetch;
  now(): Date;
  /** Waits between retries (tests pass a quicker one). */
  sleep(ms: number): Promise<void>;
  /** Minutes between scheduled syncs of every shop: a divisor of 60 (spec 02 §9: 30). */
  syncIntervalMinutes: number;
}

/** The return point of every platform's authorisation (spec 01 §2). */
export function redirectUriOf(runtime: MarketplaceRuntime): string {
  return `${runtime.publicUrl}/shopifyAuth`;
}

/** The platform's connector with its app; 'shop.not_configured' when either is missing. */
export function platformOf(
  runtime: MarketplaceRuntime,
  platform: MarketplacePlatform,
): { connector: Connector; app: AppConfig; box: SecretBox } {
  const connector = runtime.connectors[platform];
  const app = runtime.apps[platform];
  if (!connector || !app || !runtime.box) throw new AppError('shop.not_configured', { platform });
  return { connector, app, box: runtime.box };
}

export const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What a server is told about the marketplaces (src/server/main.ts reads it from the environment). */
export interface MarketplaceOptions {
  apps: MarketplaceApps;
  secretsKey: Buffer | null;
  publicUrl: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
  /** Minutes between scheduled syncs (default MARKETPLACE_SYNC.intervalMinutes; a divisor of 60). */
  syncIntervalMinutes?: number;
}

export function marketplaceRuntime(options: MarketplaceOptions | undefined): MarketplaceRuntime {
  return {
    apps: options?.apps ?? {},
    connectors: CONNECTORS,
    box: options?.secretsKey ? secretBox(options.secretsKey) : null,
    publicUrl: options?.publicUrl ?? 'http://localhost:8080',
    fetch: options?.fetch ?? fetch,
    now: options?.now ?? (() => new Date()),
    sleep: options?.sleep ?? realSleep,
    syncIntervalMinutes: options?.syncIntervalMinutes ?? MARKETPLACE_SYNC.intervalMinutes,
  };
}
