/**
 * Privacy requests a platform sends about one of a tenant's shops (Shopify's mandatory
 * compliance webhooks), handled in the tenant's transaction and recorded in `privacy_requests`
 * with what they changed. The buyer's details live in two places: the order list (`orders`:
 * buyer name, recipient name, phone and address, buyer message) and, for an order still waiting
 * for SKU matching, the normalised order kept in `marketplace_orders.payload`. We never hold the
 * buyer's email, so a customer is found by the order ids the platform names and by the phone
 * number on our orders of that shop. Hand-entered orders and other shops are never touched.
 *
 * A request is handled once per delivery id: its row is inserted first, and a retry of the same
 * delivery finds the row and stops. Every change is relative to the shop's own rows, so handling
 * an equivalent request again (a new delivery of it) changes nothing more.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PrivacyRequestView } from '@shared/contract/shops.js';
import { rowsOf, type TenantTx } from '../../db/client.js';
import { iso, offsetOf } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { orders, ordersOfShop as shopOrders, redactBuyers } from '../orders/index.js';
import type { PrivacyNotice } from './connector.js';
import {
  marketplaceItems,
  marketplaceOrders,
  privacyRequests,
  shops,
  type PrivacyOutcome,
} from './marketplaces.tables.js';
import { BUYER_FIELDS, phoneDigits, REDACTED } from './redaction.js';
import { visibleShop } from './shops.service.js';

type ShopRow = typeof shops.$inferSelect;

const NOTHING: PrivacyOutcome = {
  orders: 0,
  marketplaceOrders: 0,
  marketplaceItems: 0,
  isTokensDeleted: false,
};

/** The shop as the order list knows it: its seller, platform and our shop id (the sync's upsert key). */
const orderShop = (shop: ShopRow) => ({ sellerId: shop.sellerId, platform: shop.platform, shopId: shop.id });

/** The shop's orders in the order list. */
const ordersOfShop = (shop: ShopRow): SQL => shopOrders(orderShop(shop));

const digitsSql = (column: SQL): SQL => sql`regexp_replace(${column}, '\\D', '', 'g')`;

/**
 * Our order numbers of the shop that are the customer's: the ids the platform named that we
 * hold, and any order of the shop (listed, or waiting for matching) whose recipient phone is the
 * customer's phone.
 */
async function customerOrderNos(tx: TenantTx, shop: ShopRow, notice: PrivacyNotice): Promise<string[]> {
  const digits = phoneDigits(notice.phone);
  const named = sql.param(notice.orderNos);
  const byPhone = (column: SQL) => (digits === '' ? sql`false` : sql`${digitsSql(column)} = ${digits}`);
  const rows = rowsOf<{ order_no: string }>(
    await tx.execute(sql`
      select ${orders.orderNo} as order_no from ${orders}
      where ${ordersOfShop(shop)}
        and (${orders.orderNo} = any(${named}::varchar[]) or ${byPhone(sql`${orders.recipientPhone}`)})
      union
      select ${marketplaceOrders.orderNo} from ${marketplaceOrders}
      where ${marketplaceOrders.shopId} = ${shop.id}
        and (${marketplaceOrders.orderNo} = any(${named}::varchar[])
          or ${byPhone(sql`coalesce(${marketplaceOrders.payload}->>'recipientPhone', '')`)})
      order by 1`),
  );
  return rows.map((row) => row.order_no);
}

/** The marker in every buyer column of the shop's orders in `where`; answers how many changed. */
const redactOrders = (tx: TenantTx, shop: ShopRow, where: SQL): Promise<number> =>
  redactBuyers(tx, orderShop(shop), REDACTED, where);

/**
 * customers/redact: the customer's orders redacted in the order list, and their sync records
 * marked redacted. A waiting order's kept payload has its buyer fields replaced rather than being
 * dropped: its lines are what matching releases it by, and without them the order could only
 * come back by fetching it again — which Shopify no longer serves for a redacted customer. The
 * fingerprint stays, so a re-sync of the unchanged order writes nothing; a changed one is
 * written redacted, because the sync redacts every order whose record carries redacted_at.
 */
async function redactCustomer(
  tx: TenantTx,
  shop: ShopRow,
  matched: readonly string[],
): Promise<PrivacyOutcome> {
  if (matched.length === 0) return NOTHING;
  const numbers = sql`${sql.param(matched)}::varchar[]`;
  const redactedPayload = sql`${marketplaceOrders.payload} || jsonb_build_object(${sql.join(
    BUYER_FIELDS.map((field) => sql`${field}::text, ${REDACTED}::text`),
    sql`, `,
  )})`;
  const records = await tx
    .update(marketplaceOrders)
    .set({
      redactedAt: sql`now()`,
      payload: sql`case when ${marketplaceOrders.payload} is null then null else ${redactedPayload} end`,
      updatedAt: new Date(),
    })
    .where(
      sql`${marketplaceOrders.shopId} = ${shop.id} and ${marketplaceOrders.orderNo} = any(${numbers})
        and ${marketplaceOrders.redactedAt} is null`,
    )
    .returning({ orderNo: marketplaceOrders.orderNo });
  return {
    ...NOTHING,
    orders: await redactOrders(tx, shop, sql`${orders.orderNo} = any(${numbers})`),
    marketplaceOrders: records.length,
  };
}

/**
 * shop/redact (48 hours after the app was uninstalled): the shop's sealed tokens, its marketplace
 * items and its orders' sync records are deleted, and every one of its orders has its buyer
 * redacted. The orders themselves stay: they are the warehouse's and the stock ledger's record
 * of the units that were reserved, picked and shipped, which the tenant must keep; without the
 * buyer they name no one. The shop stays too, stopped with its reason, so the seller sees why.
 */
async function redactShop(tx: TenantTx, shop: ShopRow): Promise<PrivacyOutcome> {
  await tx
    .update(shops)
    .set({
      secrets: null,
      accessExpiresAt: null,
      refreshExpiresAt: null,
      authStateHash: null,
      authStateExpiresAt: null,
      resumePoint: null,
      status: 'expired',
      statusReason: 'shop.redacted',
      updatedAt: new Date(),
    })
    .where(eq(shops.id, shop.id));
  const items = await tx
    .delete(marketplaceItems)
    .where(eq(marketplaceItems.shopId, shop.id))
    .returning({ id: marketplaceItems.id });
  const records = await tx
    .delete(marketplaceOrders)
    .where(eq(marketplaceOrders.shopId, shop.id))
    .returning({ orderNo: marketplaceOrders.orderNo });
  return {
    orders: await redactOrders(tx, shop, sql`true`),
    marketplaceOrders: records.length,
    marketplaceItems: items.length,
    isTokensDeleted: shop.secrets !== null,
  };
}

/**
 * Handles one privacy request about the tenant's shop in the caller's tenant transaction, once
 * per delivery: the request's row is written first and a retry of the same delivery stops at it.
 */
export async function handlePrivacyRequest(
  tx: TenantTx,
  shopId: string,
  notice: PrivacyNotice,
): Promise<void> {
  const [shop] = await tx.select().from(shops).where(eq(shops.id, shopId)).for('update');
  if (!shop) return;
  const [recorded] = await tx
    .insert(privacyRequests)
    .values({
      shopId: shop.id,
      deliveryId: notice.deliveryId,
      topic: notice.topic,
      customerId: notice.customerId.slice(0, 64),
      requestedOrderNos: notice.orderNos,
      outcome: NOTHING,
    })
    .onConflictDoNothing()
    .returning({ id: privacyRequests.id });
  if (!recorded) return;
  const matched = notice.topic === 'shop/redact' ? [] : await customerOrderNos(tx, shop, notice);
  const outcome =
    notice.topic === 'shop/redact'
      ? await redactShop(tx, shop)
      : notice.topic === 'customers/redact'
        ? await redactCustomer(tx, shop, matched)
        : NOTHING;
  await tx
    .update(privacyRequests)
    .set({ matchedOrderNos: matched, outcome, handledAt: sql`now()` })
    .where(eq(privacyRequests.id, recorded.id));
}

/** What we hold of one order: the buyer fields, as the merchant downloads them. */
type HeldOrder = PrivacyRequestView['heldData'][number];

/** The buyer fields we hold now of the shop's orders with these numbers (listed or waiting). */
async function heldData(tx: TenantTx, shop: ShopRow, orderNos: readonly string[]): Promise<HeldOrder[]> {
  if (orderNos.length === 0) return [];
  const numbers = sql`${sql.param([...orderNos])}::varchar[]`;
  const listed = await tx
    .select({
      orderNo: orders.orderNo,
      systemNo: orders.systemNo,
      orderedAt: orders.orderedAt,
      buyerName: orders.buyerName,
      recipientName: orders.recipientName,
      recipientPhone: orders.recipientPhone,
      recipientAddress: orders.recipientAddress,
      buyerMessage: orders.buyerMessage,
    })
    .from(orders)
    .where(sql`${ordersOfShop(shop)} and ${orders.orderNo} = any(${numbers})`)
    .orderBy(orders.orderNo);
  const held: HeldOrder[] = listed.map((row) => ({ ...row, orderedAt: iso(row.orderedAt) }));
  const waiting = await tx
    .select({ orderNo: marketplaceOrders.orderNo, payload: marketplaceOrders.payload })
    .from(marketplaceOrders)
    .where(
      and(
        eq(marketplaceOrders.shopId, shop.id),
        sql`${marketplaceOrders.orderNo} = any(${numbers}) and ${marketplaceOrders.payload} is not null`,
      ),
    )
    .orderBy(marketplaceOrders.orderNo);
  const seen = new Set(held.map((row) => row.orderNo));
  for (const { orderNo, payload } of waiting) {
    if (!payload || seen.has(orderNo)) continue;
    held.push({
      orderNo,
      systemNo: '',
      orderedAt: payload.orderedAt,
      buyerName: payload.buyerName,
      recipientName: payload.recipientName,
      recipientPhone: payload.recipientPhone,
      recipientAddress: payload.recipientAddress,
      buyerMessage: payload.buyerMessage,
    });
  }
  return held;
}

/**
 * The privacy requests received about a shop the actor may see, newest first. A data request
 * carries the buyer fields we hold now of the orders it matched: what the merchant passes on.
 */
export async function listPrivacyRequests(
  tx: TenantTx,
  actor: Actor,
  query: { id: string; pageNo: number; pageSize: number },
) {
  const shop = await visibleShop(tx, actor, query.id);
  const where = eq(privacyRequests.shopId, shop.id);
  const [count] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(privacyRequests)
    .where(where);
  const rows = await tx
    .select()
    .from(privacyRequests)
    .where(where)
    .orderBy(desc(privacyRequests.receivedAt), desc(privacyRequests.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const records: PrivacyRequestView[] = [];
  for (const row of rows) {
    records.push({
      id: row.id,
      shopId: row.shopId,
      topic: row.topic,
      customerId: row.customerId,
      requestedOrderNos: row.requestedOrderNos,
      matchedOrderNos: row.matchedOrderNos,
      outcome: row.outcome,
      receivedAt: iso(row.receivedAt),
      handledAt: iso(row.handledAt),
      heldData: row.topic === 'customers/data_request' ? await heldData(tx, shop, row.matchedOrderNos) : [],
    });
  }
  const total = count?.total ?? 0;
  return {
    records,
    total,
    current: query.pageNo,
    size: query.pageSize,
    pages: Math.ceil(total / query.pageSize),
  };
}
