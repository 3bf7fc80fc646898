/**
 * Sync now: the shop is checked syncable in its own transaction, and its manual sync is sent
 * once that has committed. Answers whether a sync was queued (false: one already was).
 */
import type { RouteCall } from '../../http/route-kit.js';
import { inActorTenant } from '../../http/scope.js';
import { syncableShop } from './shops.service.js';
import type { SyncSender } from './sync.jobs.js';

/** The shop's manual sync sent, if it may sync; `isQueued` false when one was already queued. */
export async function syncNow(
  call: RouteCall,
  send: SyncSender,
  shopId: string,
): Promise<{ isQueued: boolean }> {
  const shop = await inActorTenant(call.deps.db, call.request, (tx, actor) =>
    syncableShop(tx, actor, shopId),
  );
  const isQueued = await send({ tenantId: shop.tenantId, shopId: shop.id, trigger: 'manual' });
  return { isQueued };
}
