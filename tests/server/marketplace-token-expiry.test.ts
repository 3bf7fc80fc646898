/**
 * An access token the platform expired ahead of the time it gave (found by the simulated day):
 * Shopify refuses an expiring token past its time with the 401 it gives a revoked one ("Invalid
 * API key or access token"), and the sync took that as the seller's authorisation gone and
 * stopped the shop. Now the session refreshes once first: the sync succeeds on the fresh token,
 * and a shop whose authorisation really is gone (its refresh refused too) still stops.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { marketplaceRuntime, syncShop } from '@server/modules/marketplaces/index.js';
import { approveOnSandbox } from '@server/seed/sandbox-approve.js';
import { callApi, createSandboxWorld, type SandboxWorld } from '../support/sandbox-world.js';
import { demoWarehouse } from '../support/stock-world.js';

const SHOP = 'expiry-seller.myshopify.com';
let sandboxWorld: SandboxWorld;
let shopId = '';
let tenantId = '';

beforeAll(async () => {
  sandboxWorld = await createSandboxWorld({ maxSleepMs: 5_000, jobWorkers: 0 });
  const { world, sandbox } = sandboxWorld;
  // Tokens, not throttling: Shopify's query-cost bucket is lifted so no wait is cut short.
  sandbox.world.traffic.rateLimits.shopify = 1_000_000;
  sandbox.world.addShop({ platform: 'shopify', shopId: SHOP, name: 'Expiry', region: 'TH', currency: 'USD' });
  const now = sandbox.world.now();
  sandbox.world.seedOrders('shopify', SHOP, 5, now - 86_400_000, now);
  const token = await world.login('seller');
  const warehouseId = (await demoWarehouse(world, 'DG01')).id;
  const added = await callApi(world, token, 'POST', '/api/shop/add', {
    platform: 'shopify',
    alias: 'Expiry',
    warehouseId,
  });
  shopId = added.body.result.id as string;
  const started = await callApi(world, token, 'POST', '/api/shop/authorise', {
    id: shopId,
    shopDomain: SHOP,
  });
  const returned = await approveOnSandbox(started.body.result.url as string, SHOP);
  expect(
    (await callApi(world, token, 'POST', '/api/shop/authorise/callback', { query: returned })).status,
  ).toBe(200);
  tenantId = String(
    (await world.database.ownerPool.query('select tenant_id from shops where id = $1', [shopId])).rows[0]
      ?.tenant_id,
  );
}, 60_000);

afterAll(async () => {
  await sandboxWorld?.world.close();
  await sandboxWorld?.sandbox.close();
});

const sync = () =>
  syncShop(sandboxWorld.world.database.db, marketplaceRuntime(sandboxWorld.options), {
    tenantId,
    shopId,
    trigger: 'manual',
  });

it('refreshes a Shopify token the platform expired early instead of stopping the shop', async () => {
  const { sandbox } = sandboxWorld;
  expect((await sync())?.state).toBe('succeeded');
  // Hours left by the time the platform gave, but the platform no longer takes it.
  expect(sandbox.world.auth.expireAccessTokens('shopify', SHOP)).toBeGreaterThan(0);
  sandbox.world.createOrder('shopify', SHOP, { status: 'ready_to_ship', silent: true });
  sandbox.world.moveClock(60_000);
  const refreshed = await sync();
  expect(refreshed?.state, JSON.stringify(refreshed)).toBe('succeeded');
  const status = await sandboxWorld.world.database.ownerPool.query('select status from shops where id = $1', [
    shopId,
  ]);
  expect(status.rows[0]?.status).toBe('active');

  // Deauthorised on the platform: the refresh is refused too, and the shop stops.
  sandbox.world.revokeShop('shopify', SHOP);
  expect((await sync())?.errorCode).toBe('shop.revoked');
});
