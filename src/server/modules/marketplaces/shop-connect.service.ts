/**
 * A shop's connection, then its first sync: the grant is kept in its own transactions
 * (shops.service.ts), and the sync job is sent once they have committed.
 */
import type { Db } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import type { MarketplaceRuntime } from './runtime.js';
import { completeAuthorisation, connectWithKeys } from './shops.service.js';
import type { SyncSender } from './sync.jobs.js';

/** The platform's redirect came back: the grant is kept and the shop's first sync sent. */
export async function authoriseAndSync(
  db: Db,
  actor: Actor,
  runtime: MarketplaceRuntime,
  send: SyncSender,
  query: Record<string, string>,
) {
  const shop = await completeAuthorisation(db, actor, runtime, query);
  await send({ tenantId: actor.tenantId, shopId: shop.id, trigger: 'first' });
  return shop;
}

/** Coupang's keys, checked and kept, then the shop's first sync sent. */
export async function connectKeysAndSync(
  db: Db,
  actor: Actor,
  runtime: MarketplaceRuntime,
  send: SyncSender,
  input: Parameters<typeof connectWithKeys>[3],
) {
  const shop = await connectWithKeys(db, actor, runtime, input);
  await send({ tenantId: actor.tenantId, shopId: shop.id, trigger: 'first' });
  return shop;
}
