/**
 * Marketplace webhooks: the platform posts to POST /api/webhooks/{platform}. The signature is
 * checked over the raw bytes by the platform's connector before anything else; a notice names a
 * marketplace shop, which app_find_shops maps to the tenants' shops (the one lookup across
 * tenants). The orders it names are fetched from the platform by a sync job — a notice's own
 * body is never taken as the order — and a revoked authorisation stops the shop at once.
 *
 * A privacy request (Shopify's customers/data_request, customers/redact, shop/redact) is handled
 * in the request, before the 200: it is a few set-based statements on the shop's own rows by
 * indexed keys, well inside the platform's 5-second deadline, and acknowledging only what is
 * committed lets the platform's retries cover a failure (a queued job would acknowledge work not
 * yet done, and need its own retries and record). Such a request reaches shops in any state —
 * shop/redact arrives 48 hours after the uninstall stopped the shop — through
 * app_find_privacy_shops. The answer is the same whether or not any shop is ours.
 */
import { eq, sql } from 'drizzle-orm';
import type { MarketplacePlatform } from '@shared/domain/marketplaces.js';
import { AppError } from '@shared/errors.js';
import { rowsOf, withTenant, type Db } from '../../db/client.js';
import type { WebhookRequest } from './connector.js';
import { shops } from './marketplaces.tables.js';
import { handlePrivacyRequest } from './privacy.service.js';
import { platformOf, type MarketplaceRuntime } from './runtime.js';
import type { SyncSender } from './sync.jobs.js';

export async function receiveWebhook(
  db: Db,
  runtime: MarketplaceRuntime,
  send: SyncSender,
  platform: MarketplacePlatform,
  request: WebhookRequest,
): Promise<{ shops: number }> {
  const { connector, app } = platformOf(runtime, platform);
  const notice = connector.verifyWebhook(app, request);
  if (!notice) throw new AppError('shop.webhook_invalid');
  if (notice.kind === 'privacy' && notice.privacy) {
    const privacy = notice.privacy;
    const holders = rowsOf<{ tenant_id: string; shop_id: string }>(
      await db.execute(sql`select * from app_find_privacy_shops(${platform}, ${notice.platformShopId})`),
    );
    for (const holder of holders)
      await withTenant(db, holder.tenant_id, (tx) => handlePrivacyRequest(tx, holder.shop_id, privacy));
    return { shops: holders.length };
  }
  const owners = rowsOf<{ tenant_id: string; shop_id: string }>(
    await db.execute(sql`select * from app_find_shops(${platform}, ${notice.platformShopId})`),
  );
  for (const owner of owners) {
    if (notice.kind === 'revoked') {
      await withTenant(db, owner.tenant_id, (tx) =>
        tx
          .update(shops)
          .set({ status: 'expired', statusReason: 'shop.revoked', updatedAt: new Date() })
          .where(eq(shops.id, owner.shop_id)),
      );
    } else if (notice.kind === 'order' && notice.orderNos.length > 0) {
      await send({
        tenantId: owner.tenant_id,
        shopId: owner.shop_id,
        trigger: 'webhook',
        orderNos: notice.orderNos.slice(0, 50),
      });
    }
  }
  return { shops: owners.length };
}
