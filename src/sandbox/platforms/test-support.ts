/**
 * What the platform tests share: the platform's sandbox started in-process with the ERP's
 * sandbox app pointed at it, a shop connected the short way, and the connector's refusals.
 *
 * It names no connector: each test hands in the one it drives, and the shapes below are what the
 * tests use of it, so the sandbox's own code stays apart from the server's (the connector's
 * own types fit them, being the same shapes).
 */
import type { MarketplacePlatform } from '@shared/domain/marketplaces.js';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { SANDBOX_APPS } from '../apps.js';
import { sandboxHosts } from '../env.js';
import { startSandbox, type RunningSandbox, type SandboxPlatform } from '../server.js';
import type { World } from '../world.js';

/** The sandbox app as a connector is configured with it: its keys, and both hosts at the sandbox's port. */
export interface SandboxAppConfig {
  appKey: string;
  appSecret: string;
  apiUrl: string;
  authUrl: string;
}

/** A call's context as the tests give it to a connector: app, the shop's grant, network, clock. */
export interface SandboxCallContext<Grant> {
  app: SandboxAppConfig;
  grant: Grant;
  fetch: typeof fetch;
  now(): Date;
}

/** What a platform's logistics arranged: the tracking number (null while pending) and the carrier. */
export interface ArrangedShipment {
  trackingNo: string | null;
  carrierName: string;
}

/** The connector's calls the tests drive; the logistics ones only where the platform has them. */
export interface DrivenConnector<Grant> {
  readonly platform: MarketplacePlatform;
  exchangeCode(
    app: SandboxAppConfig,
    input: { query: Record<string, string>; redirectUri: string; fetch: typeof fetch; now: Date },
  ): Promise<Grant>;
  arrangeShipment?(ctx: SandboxCallContext<Grant>, input: { orderNo: string }): Promise<ArrangedShipment>;
  getShipment?(ctx: SandboxCallContext<Grant>, input: { orderNo: string }): Promise<ArrangedShipment>;
  fetchLabel?(
    ctx: SandboxCallContext<Grant>,
    input: { orderNo: string; trackingNo: string },
  ): Promise<{ status: 'ready'; pdf: Buffer } | { status: 'pending' }>;
  pushTracking?(
    ctx: SandboxCallContext<Grant>,
    input: { orderNo: string; trackingNo: string; carrierCode: string; carrierName: string },
  ): Promise<void>;
}

/** A connector's refusal as the tests read it: the ERP's code and what the platform said. */
export interface ConnectorRefusal extends Error {
  code: string;
  detail: { platformCode?: string; httpStatus?: number; retryAfterMs?: number };
}

/** The platform's sandbox, started in-process, and its sandbox app with both hosts pointed at its port. */
export async function startPlatformSandbox(
  platform: SandboxPlatform,
): Promise<{ sandbox: RunningSandbox; app: SandboxAppConfig }> {
  const sandbox = await startSandbox({ platforms: [platform] });
  const hosts = sandboxHosts(platform.platform, sandbox.platformUrl(platform.platform));
  return { sandbox, app: { ...SANDBOX_APPS[platform.platform], ...hosts } };
}

/** A grant the short way: a code issued as the consent page would, traded by the connector. */
export function grantByCode<Grant>(
  sandbox: RunningSandbox,
  app: SandboxAppConfig,
  connector: DrivenConnector<Grant>,
  input: { shopId: string; redirectUri: string; query?: Record<string, string> },
): Promise<Grant> {
  const code = sandbox.world.auth.issueCode(connector.platform, input.shopId);
  return connector.exchangeCode(app, {
    query: { code, ...input.query },
    redirectUri: input.redirectUri,
    fetch,
    now: new Date(sandbox.world.now()),
  });
}

/** A test file's sandbox with one shop connected: read its fields inside a hook or a test. */
export interface SandboxShopTest<Grant> {
  readonly sandbox: RunningSandbox;
  readonly app: SandboxAppConfig;
  readonly grant: Grant;
  /** The sandbox world's clock. */
  now(): Date;
  /** The shop's call context, under another app where a test tampers with its keys. */
  ctx(config?: SandboxAppConfig): SandboxCallContext<Grant>;
}

/**
 * Starts the platform's sandbox before the file's tests and closes it after; before each test the
 * world is reset to the one shop and the shop connected afresh through the connector.
 */
export function useSandboxShop<Grant>(input: {
  platform: SandboxPlatform;
  connector: DrivenConnector<Grant>;
  shop: Omit<Parameters<World['addShop']>[0], 'platform'>;
  redirectUri: string;
  query?: Record<string, string>;
}): SandboxShopTest<Grant> {
  let started: { sandbox: RunningSandbox; app: SandboxAppConfig } | undefined;
  let grant: Grant | undefined;
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
  const test: SandboxShopTest<Grant> = {
    get sandbox() {
      return running().sandbox;
    },
    get app() {
      return running().app;
    },
    get grant() {
      if (grant === undefined) throw new Error('the shop is not connected');
      return grant;
    },
    now: () => new Date(running().sandbox.world.now()),
    ctx: (config) => ({ app: config ?? test.app, grant: test.grant, fetch, now: test.now }),
  };
  return test;
}

/** Whether a thrown value is a connector's refusal: the ERP's MarketplaceError, by its name and fields. */
function isRefusal(error: unknown): error is ConnectorRefusal {
  return (
    error instanceof Error &&
    error.name === 'MarketplaceError' &&
    typeof (error as Partial<ConnectorRefusal>).code === 'string' &&
    typeof (error as Partial<ConnectorRefusal>).detail === 'object'
  );
}

/** The refusal a call is met with; the test fails when the call succeeds or throws anything else. */
export async function failure(promise: Promise<unknown>): Promise<ConnectorRefusal> {
  try {
    await promise;
  } catch (error) {
    if (isRefusal(error)) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

/** The connector's platform-logistics calls in a shop's context; one the connector lacks fails the test. */
export function logisticsCalls<Grant>(
  connector: DrivenConnector<Grant>,
  ctx: (config?: SandboxAppConfig) => SandboxCallContext<Grant>,
) {
  return {
    arrange(orderNo: string, config?: SandboxAppConfig): Promise<ArrangedShipment> {
      if (!connector.arrangeShipment) throw new Error(`${connector.platform} arranges no shipments`);
      return connector.arrangeShipment(ctx(config), { orderNo });
    },
    shipment(orderNo: string): Promise<ArrangedShipment> {
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
