/**
 * `npm run sandbox`: the six imitated marketplaces, each on its own port beside SANDBOX_PORT
 * (default 8091: the control API and the carrier; 8092 Shopee … 8097 Coupang, see
 * SANDBOX_PORT_ORDER) with a demo shop on each and a live stream of orders, for trying a connector by hand (SANDBOX_DEMO=off:
 * an empty world). `npm start` starts
 * the same sandbox beside the server (SANDBOX=off to disable) and connects the demo sellers.
 */
import { MARKETPLACE_PLATFORMS } from '@shared/domain/marketplaces.js';
import { SANDBOX_PLATFORMS } from './platforms/index.js';
import { describeSandbox, startSandbox } from './server.js';
import { SANDBOX_COUPANG_VENDORS } from './apps.js';
import { startOrderStream } from './stream.js';

const port = Number(process.env.SANDBOX_PORT ?? 8091);
const sandbox = await startSandbox({ port, platforms: SANDBOX_PLATFORMS });
// SANDBOX_DEMO=off: an empty world, set up through /__control (the bench runs it so).
const isDemo = process.env.SANDBOX_DEMO !== 'off';
if (isDemo) {
  const now = sandbox.world.now();
  for (const platform of MARKETPLACE_PLATFORMS) {
    const shopId =
      platform === 'coupang'
        ? (Object.keys(SANDBOX_COUPANG_VENDORS)[0] ?? 'A00012345')
        : platform === 'shopify'
          ? 'sandbox-demo.myshopify.com'
          : `${platform}-demo-1`;
    sandbox.world.addShop({
      platform,
      shopId,
      name: `${platform} demo shop`,
      region: 'TH',
      currency:
        platform === 'coupang' ? 'KRW' : platform === 'shopify' || platform === 'joom' ? 'USD' : 'THB',
    });
    sandbox.world.seedOrders(platform, shopId, 200, now - 10 * 86_400_000, now);
  }
}
const stop = isDemo ? startOrderStream(sandbox.world, 60_000) : () => undefined;
console.log(`Marketplace sandbox on ${sandbox.url} (control API ${sandbox.url}/__control/state)`);
console.log(describeSandbox(sandbox));
const shutdown = async () => {
  stop();
  await sandbox.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
