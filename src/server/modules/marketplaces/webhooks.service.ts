/**
 * Marketplace webhooks: the platform posts to POST /api/webhooks/{platform}. The signature is
 * checked over the raw bytes by the platform's connector before anything else; a notice names a
 * marketplace shop, which app_find_shops maps to the tenants' shops (the one lookup across
 * tenants). The orders it names are fetched from the platform by a sync job — a notice's own
 * body is never taken as the order.
 *
 * A signature says who made a notice, not when, so a notice is taken only while fresh and only
 * once (webhook-window.ts): one stamped outside its platform's window is refused
 * (shop.webhook_stale), and each notice a shop takes leaves its keys in webhook_deliveries, in
 * the same transaction as what it changes, until it would be stale anyway. A notice whose key a
 * shop holds (the platform's retry, or a replay) answers 200 so the platform stops sending it,
 * and changes nothing.
 *
 * A deauthorisation notice is not believed on its word either: the platform is asked, with the
 * shop's own token (the connector's checkAuthorisation), and the shop stops only when it answers
 * that the authorisation is gone. A notice the platform refutes is recorded and ignored; one it
 * answers nothing useful about (throttled, down, a stale access token) is recorded and a sync of
 * the shop queued, which stops the shop if its calls are refused as revoked.
 *
 * A privacy request (Shopify's customers/data_request, customers/redact, shop/redact) is handled
 * in the request, before the 200: it is a few set-based statements on the shop's own rows by
 * indexed keys, well inside the platform's 5-second deadline, and acknowledging only what is
 * committed lets the platform's retries cover a failure (a queued job would acknowledge work not
 * yet done, and need its own retries and record). Such a request reaches shops in any state —
 * shop/redact arrives 48 hours after the uninstall stopped the shop — through
 * app_find_privacy_shops. The answer is the same whether or not any shop is ours.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { MarketplacePlatform } from '@shared/domain/marketplaces.js';
import { AppError } from '@shared/errors.js';
import { rowsOf, withTenant, type Db, type TenantTx } from '../../db/client.js';
import { MarketplaceError, type Connector, type WebhookRequest } from './connector.js';
import { shops, webhookDeliveries } from './marketplaces.tables.js';
import { handlePrivacyRequest } from './privacy.service.js';
import { platformOf, type MarketplaceRuntime } from './runtime.js';
import { ShopSession } from './shop-session.js';
import type { SyncSender } from './sync.jobs.js';
import {
  isInsideWindow,
  keptUntil,
  type WebhookDeliveryKind,
  type WebhookDeliveryOutcome,
} from './webhook-window.js';

/** What a notice did, for the request's log. */
export interface WebhookOutcome {
  /** Shops of ours the notice named. */
  shops: number;
  /** Of those, the shops that had taken it already (the platform's retry, or a replay). */
  duplicates: number;
  /** Deauthorisations the platform did not confirm: the shop was left as it was. */
  unconfirmedRevocations: number;
}

/** One delivery as webhook_deliveries keeps it: its key, its time and how long the key is kept. */
interface Delivery {
  key: string;
  sentAt: Date;
  expiresAt: Date;
  now: Date;
}

/** What the platform answered about a shop's authorisation. */
type Authorisation = 'authorised' | 'revoked' | 'unknown';

const REVOCATION_OUTCOME: Record<Authorisation, WebhookDeliveryOutcome> = {
  authorised: 'revocation_refuted',
  revoked: 'revoked',
  unknown: 'revocation_unchecked',
};

/** Takes one verified, fresh notice once per shop of ours it names; refuses a forged or stale one. */
export async function receiveWebhook(
  db: Db,
  runtime: MarketplaceRuntime,
  send: SyncSender,
  platform: MarketplacePlatform,
  request: WebhookRequest,
): Promise<WebhookOutcome> {
  const { connector, app } = platformOf(runtime, platform);
  const notice = connector.verifyWebhook(app, request);
  if (!notice) throw new AppError('shop.webhook_invalid');
  const now = runtime.now();
  const window = connector.webhookWindow;
  if (!window || !notice.sentAt || !isInsideWindow(notice.sentAt, now, window))
    throw new AppError('shop.webhook_stale');
  const delivery: Delivery = {
    key: notice.deliveryKey,
    sentAt: notice.sentAt,
    expiresAt: keptUntil(notice.sentAt, window),
    now,
  };
  const outcome: WebhookOutcome = { shops: 0, duplicates: 0, unconfirmedRevocations: 0 };

  if (notice.kind === 'privacy' && notice.privacy) {
    const privacy = notice.privacy;
    const holders = rowsOf<{ tenant_id: string; shop_id: string }>(
      await db.execute(sql`select * from app_find_privacy_shops(${platform}, ${notice.platformShopId})`),
    );
    for (const holder of holders) {
      const isTaken = await withTenant(db, holder.tenant_id, async (tx) => {
        if (!(await takeDelivery(tx, holder.shop_id, 'privacy', 'taken', delivery))) return false;
        await handlePrivacyRequest(tx, holder.shop_id, privacy);
        return true;
      });
      if (!isTaken) outcome.duplicates += 1;
    }
    return { ...outcome, shops: holders.length };
  }

  const owners = rowsOf<{ tenant_id: string; shop_id: string }>(
    await db.execute(sql`select * from app_find_shops(${platform}, ${notice.platformShopId})`),
  );
  outcome.shops = owners.length;
  for (const owner of owners) {
    if (notice.kind === 'revoked') {
      const isTaken = await withTenant(db, owner.tenant_id, (tx) =>
        takeDelivery(tx, owner.shop_id, 'revoked', 'revocation_pending', delivery),
      );
      if (!isTaken) {
        outcome.duplicates += 1;
        continue;
      }
      const answer = await askPlatform(db, runtime, connector, owner);
      await withTenant(db, owner.tenant_id, async (tx) => {
        if (answer === 'revoked')
          await tx
            .update(shops)
            .set({ status: 'expired', statusReason: 'shop.revoked', updatedAt: new Date() })
            .where(and(eq(shops.id, owner.shop_id), eq(shops.status, 'active')));
        await tx
          .update(webhookDeliveries)
          .set({ outcome: REVOCATION_OUTCOME[answer] })
          .where(
            and(eq(webhookDeliveries.shopId, owner.shop_id), eq(webhookDeliveries.deliveryKey, delivery.key)),
          );
      });
      if (answer !== 'revoked') outcome.unconfirmedRevocations += 1;
      // The sync's own calls (refreshing the token once) settle what the check could not.
      if (answer === 'unknown')
        await send({ tenantId: owner.tenant_id, shopId: owner.shop_id, trigger: 'webhook' });
    } else if (notice.kind === 'order' && notice.orderNos.length > 0) {
      const orderNos = notice.orderNos.slice(0, 50);
      const isTaken = await withTenant(db, owner.tenant_id, async (tx) => {
        if (!(await takeDelivery(tx, owner.shop_id, 'order', 'taken', delivery))) return false;
        // Queued inside the transaction: a failure to queue leaves no key, and the retry is taken.
        await send({ tenantId: owner.tenant_id, shopId: owner.shop_id, trigger: 'webhook', orderNos });
        return true;
      });
      if (!isTaken) outcome.duplicates += 1;
    }
  }
  return outcome;
}

/**
 * Records the delivery's key for the shop, after deleting the shop's keys past their time; false,
 * recording nothing, when the shop holds the key already (taken before, or by another node that
 * very moment: the primary key decides).
 */
async function takeDelivery(
  tx: TenantTx,
  shopId: string,
  kind: WebhookDeliveryKind,
  outcome: WebhookDeliveryOutcome,
  delivery: Delivery,
): Promise<boolean> {
  await tx
    .delete(webhookDeliveries)
    .where(and(eq(webhookDeliveries.shopId, shopId), lt(webhookDeliveries.expiresAt, delivery.now)));
  const inserted = await tx
    .insert(webhookDeliveries)
    .values({
      shopId,
      deliveryKey: delivery.key,
      kind,
      outcome,
      sentAt: delivery.sentAt,
      expiresAt: delivery.expiresAt,
    })
    .onConflictDoNothing()
    .returning({ key: webhookDeliveries.deliveryKey });
  return inserted.length === 1;
}

/**
 * Asks the platform with the shop's own token whether its authorisation holds. One call, the
 * token not refreshed: a refresh racing the shop's sync could spend its refresh token and read as
 * a revocation. 'unknown' when the answer says neither.
 */
async function askPlatform(
  db: Db,
  runtime: MarketplaceRuntime,
  connector: Connector,
  owner: { tenant_id: string; shop_id: string },
): Promise<Authorisation> {
  if (!connector.checkAuthorisation) return 'unknown';
  const [shop] = await withTenant(db, owner.tenant_id, (tx) =>
    tx.select().from(shops).where(eq(shops.id, owner.shop_id)),
  );
  if (!shop) return 'unknown';
  try {
    await connector.checkAuthorisation(new ShopSession(db, runtime, shop).context());
    return 'authorised';
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return error.code === 'revoked' ? 'revoked' : 'unknown';
  }
}
