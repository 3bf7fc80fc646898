/**
 * What the platform tests share: the platform's sandbox started in-process with the ERP's
 * sandbox app pointed at it, a shop connected the short way, and the connector's refusals.
 */
import {
  MarketplaceError,
  type AppConfig,
  type CallContext,
  type Connector,
  type PlatformShipment,
  type ShopGrant,
} from '@server/modules/marketplaces/connector.js';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { SANDBOX_APPS } from '../apps.js';
import { sandboxHosts } from '../env.js';
import { startSandbox, type RunningSandbox, type SandboxPlatform } from '../server.js';
import type { World } from '../world.js';

/** The platform's sandbox, started in-process, and its sandbox app with both hosts pointed at its port. */
export async function startPlatformSandbox(
  platform: SandboxPlatform,
): Promise<{ sandbox: RunningSandbox; app: AppConfig }> {
  const sandbox = await startSandbox({ platforms: [platform] });
  const hosts = sandboxHosts(platform.platform, sandbox.platformUrl(platform.platform));
  return { sandbox, app: { ...SANDBOX_APPS[platform.platform], ...hosts } };
}

/** A grant the short way: a code issued as the consent page would, traded by the connector. */
export function grantByCode(
  sandbox: RunningSandbox,
  app: AppConfig,
  connector: Connector,
  input: { shopId: string; redirectUri: string; query?: Record<string, string> },
): Promise<ShopGrant> {
  const code = sandbox.world.issueCode(connector.platform, input.shopId);
  return connector.exchangeCode(app, {
    query: { code, ...input.query },
    redirectUri: input.redirectUri,
    fetch,
    now: new Date(sandbox.world.now()),
  });
}

/** A test file's sandbox with one shop connected: read its fields inside a hook or a test. */
export interface SandboxShopTest {
  readonly sandbox: RunningSandbox;
  readonly app: AppConfig;
  readonly grant: ShopGrant;
  /** The sandbox world's clock. */
  now(): Date;
  /** The shop's call context, under another app where a test tampers with its keys. */
  ctx(config?: AppConfig): CallContext;
}

/**
 * Starts the platform's sandbox before the file's tests and closes it after; before each test the
 * world is reset to the one shop and the shop connected afresh through the connector.
 */
export function useSandboxShop(input: {
  platform: SandboxPlatform;
  connector: Connector;
  shop: Omit<Parameters<World['addShop']>[0], 'platform'>;
  redirectUri: string;
  query?: Record<string, string>;
}): SandboxShopTest {
  let started: { sandbox: RunningSandbox; app: AppConfig } | undefined;
  let grant: ShopGrant | undefined;
  const running = () => {
    if (!started) throw new Error('the sandbox has not started');
    return started;
  };
  beforeAll(async () => {
    started = await startPlatformSandbox(input.platform);
  });
  afterAll(async () => {
    await started?.sandbox.close();
  });
  beforeEach(async () => {
    const { sandbox, app } = running();
    sandbox.world.reset();
    sandbox.world.addShop({ platform: input.platform.platform, ...input.shop });
    grant = await grantByCode(sandbox, app, input.connector, {
      shopId: input.shop.shopId,
      redirectUri: input.redirectUri,
      ...(input.query ? { query: input.query } : {}),
    });
  });
  const test: SandboxShopTest = {
    get sandbox() {
      return running().sandbox;
    },
    get app() {
      return running().app;
    },
    get grant() {
      if (!grant) throw new Error('the shop is not connected');
      return grant;
    },
    now: () => new Date(running().sandbox.world.now()),
    ctx: (config) => ({ app: config ?? test.app, grant: test.grant, fetch, now: test.now }),
  };
  return test;
}

/** The MarketplaceError a call is refused with; the test fails when the call succeeds or throws anything else. */
export async function failure(promise: Promise<unknown>): Promise<MarketplaceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MarketplaceError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

/** The connector's platform-logistics calls in a shop's context; one the connector lacks fails the test. */
export function logisticsCalls(connector: Connector, ctx: (config?: AppConfig) => CallContext) {
  return {
    arrange(orderNo: string, config?: AppConfig): Promise<PlatformShipment> {
      if (!connector.arrangeShipment) throw new Error(`${connector.platform} arranges no shipments`);
      return connector.arrangeShipment(ctx(config), { orderNo });
    },
    shipment(orderNo: string): Promise<PlatformShipment> {
      if (!connector.getShipment) throw new Error(`${connector.platform} reads no shipments`);
      return connector.getShipment(ctx(), { orderNo });
    },
    label(orderNo: string, trackingNo: string) {
      if (!connector.fetchLabel) throw new Error(`${connector.platform} prints no labels`);
      return connector.fetchLabel(ctx(), { orderNo, trackingNo });
    },
    /** Our own carrier's tracking number told to the platform. */
    push(orderNo: string, trackingNo: string, carrierName = 'Sandbox Express'): Promise<void> {
      if (!connector.pushTracking) throw new Error(`${connector.platform} takes no tracking numbers`);
      return connector.pushTracking(ctx(), { orderNo, trackingNo, carrierCode: 'SBX', carrierName });
    },
  };
}
