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
import { SANDBOX_APPS } from '../apps.js';
import { startSandbox, type RunningSandbox, type SandboxPlatform } from '../server.js';

/** The platform's sandbox, started in-process, and its sandbox app with both URLs pointed at it. */
export async function startPlatformSandbox(
  platform: SandboxPlatform,
): Promise<{ sandbox: RunningSandbox; app: AppConfig }> {
  const sandbox = await startSandbox({ platforms: [platform] });
  const url = `${sandbox.url}/${platform.platform}`;
  return { sandbox, app: { ...SANDBOX_APPS[platform.platform], apiUrl: url, authUrl: url } };
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
  };
}
