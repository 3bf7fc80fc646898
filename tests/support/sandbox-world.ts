/**
 * A test world that syncs and ships through the bundled sandbox, started in-process: every
 * marketplace's app and our carrier point at it, tokens follow its clock, and back-off waits are
 * cut short so a 429 passes quickly. Calls to the API ask for English messages.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { readMarketplaceApps, type MarketplaceOptions } from '@server/modules/marketplaces/index.js';
import { sandboxEnv } from '../../src/sandbox/env.js';
import { SANDBOX_COUPANG_VENDORS } from '../../src/sandbox/apps.js';
import { SANDBOX_PLATFORMS } from '../../src/sandbox/platforms/index.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/server.js';
import type { SandboxItem } from '../../src/sandbox/world-model.js';
import type { ReplyBody } from './reply-body.js';
import { demoWarehouse } from './stock-world.js';
import { createTestWorld, type TestWorld } from './test-app.js';

export interface SandboxWorld {
  world: TestWorld;
  sandbox: RunningSandbox;
  /** What the world's marketplaces run with, for a test that runs a sync itself. */
  options: MarketplaceOptions;
}

/**
 * The sandbox with every platform and our carrier, and a test world wired to it. A wait the
 * platforms ask for lasts at most `maxSleepMs`; `fetch` stands between the server and the sandbox
 * where a test races a call.
 */
export async function createSandboxWorld(input: {
  maxSleepMs: number;
  fetch?: typeof fetch;
  /** Jobs the world's app works at once (default 1; 0: it only queues them). */
  jobWorkers?: number;
  /** Told each wait the platforms asked for, before it is cut to maxSleepMs. */
  onSleep?: (ms: number) => void;
}): Promise<SandboxWorld> {
  const sandbox = await startSandbox({ platforms: SANDBOX_PLATFORMS });
  try {
    const options: MarketplaceOptions = {
      apps: readMarketplaceApps(sandboxEnv(sandbox)),
      secretsKey: randomBytes(32),
      publicUrl: 'http://erp.test',
      ...(input.fetch ? { fetch: input.fetch } : {}),
      sleep: (ms) => {
        input.onSleep?.(ms);
        return new Promise((resolve) => setTimeout(resolve, Math.min(ms, input.maxSleepMs)));
      },
      now: () => new Date(sandbox.world.now()),
    };
    const world = await createTestWorld(
      { marketplaces: options, carrierUrls: { sandbox: `${sandbox.url}/carrier` } },
      { jobWorkers: input.jobWorkers ?? 1 },
    );
    return { world, sandbox, options };
  } catch (error) {
    await sandbox.close();
    throw error;
  }
}

/** One API call signed in with `token`, messages in English; the body is the reply's envelope. */
export async function callApi(
  world: TestWorld,
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<{ status: number; body: ReplyBody }> {
  const response = await world.request({
    method,
    url,
    token,
    headers: { 'accept-language': 'en-US' },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as ReplyBody };
}

/** The waybill batch once it is done or failed, read as `token` every 100 ms for up to two minutes. */
export async function settledBatch(world: TestWorld, token: string | undefined, id: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const reply = await callApi(world, token, 'GET', `/api/waybill/batch?id=${id}`);
    expect(reply.status).toBe(200);
    if (reply.body.result.state === 'done' || reply.body.result.state === 'failed') return reply.body.result;
    if (Date.now() > deadline) throw new Error('the batch did not finish');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A Coupang shop of the sandbox (`vendor` one of SANDBOX_COUPANG_VENDORS, selling `catalogue`),
 * connected for the seller signed in with `token` to warehouse DG01 with the vendor's keys, once
 * the first sync the connection queued has ended. Answers the shop's id and tenant.
 */
export async function connectCoupangShop(
  { world, sandbox }: Pick<SandboxWorld, 'world' | 'sandbox'>,
  token: string,
  shop: { vendor: string; name: string; catalogue: SandboxItem[] },
): Promise<{ shopId: string; tenantId: string }> {
  sandbox.world.addShop({
    platform: 'coupang',
    shopId: shop.vendor,
    name: shop.name,
    region: 'KR',
    currency: 'KRW',
    catalogue: shop.catalogue,
  });
  const warehouseId = (await demoWarehouse(world, 'DG01')).id;
  const added = await callApi(world, token, 'POST', '/api/shop/add', {
    platform: 'coupang',
    alias: shop.name,
    warehouseId,
  });
  const shopId = added.body.result.id as string;
  const connected = await callApi(world, token, 'POST', '/api/shop/keys', {
    id: shopId,
    vendorId: shop.vendor,
    ...SANDBOX_COUPANG_VENDORS[shop.vendor],
  });
  expect(connected.status).toBe(200);
  const owner = world.database.ownerPool;
  const tenantId = String(
    (await owner.query('select tenant_id from shops where id = $1', [shopId])).rows[0]?.tenant_id,
  );
  // The first sync the connection queued, worked by the world's node, ends before the tests.
  const deadline = Date.now() + 30_000;
  const settled = async () =>
    (
      await owner.query(
        "select count(*)::int as n from shop_sync_runs where shop_id = $1 and state <> 'running'",
        [shopId],
      )
    ).rows[0]?.n === 1;
  while (!(await settled())) {
    if (Date.now() > deadline) throw new Error('the first sync did not end');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { shopId, tenantId };
}
