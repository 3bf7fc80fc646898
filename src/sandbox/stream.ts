/**
 * The sandbox's live order stream: every `everyMs` each shop sees a couple of marketplace events
 * (new orders, payments, cancellations, address changes), announced by webhook where the
 * platform has them — so a demo shows orders arriving without anyone pressing a button.
 */
import type { World } from './world.js';

export function startOrderStream(world: World, everyMs: number, eventsPerShop = 2): () => void {
  const timer = setInterval(() => {
    for (const shop of world.shops.values()) world.advance(shop.platform, shop.shopId, eventsPerShop);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
