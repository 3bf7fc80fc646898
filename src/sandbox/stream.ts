/**
 * The sandbox's live order stream: a simulated day (day.ts) played at the real clock's pace —
 * about `eventsPerShop` order events per shop every `everyMs` (new orders, payments,
 * cancellations in every state, address and item edits), announced by webhook where the platform
 * has them, and the platforms' trouble at its moments (tokens expired early, throttling, one
 * platform's outage). A demo shows orders arriving without anyone pressing a button, and a
 * server left running meets what a marketplace day brings. A day ends after 24 hours, or when
 * the world's shops change (the demo connects its shops after the sandbox starts), and the next
 * day is planned from the shops then.
 */
import { liveDay, type SimulatedDay } from './day.js';
import type { World } from './world.js';

export function startOrderStream(world: World, everyMs: number, eventsPerShop = 2): () => void {
  const eventsPerShopHour = (eventsPerShop * 3_600_000) / everyMs;
  let day: SimulatedDay | null = null;
  let shopsOfDay = '';
  let days = 0;
  const timer = setInterval(() => {
    const shops = [...world.shops.keys()].sort().join(',');
    if (!day || shops !== shopsOfDay || world.now() - day.startsAt >= day.lengthMs) {
      day?.endTrouble();
      days += 1;
      day = liveDay(world, eventsPerShopHour, world.seed * 1000 + days);
      shopsOfDay = shops;
    }
    day.playUntil(world.now() - day.startsAt);
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    day?.endTrouble();
  };
}
