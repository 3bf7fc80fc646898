/**
 * Shops: a seller's connection to one marketplace shop. Added pending, authorised by the
 * platform's own flow (a redirect that returns to /shopifyAuth, or Coupang's vendor keys), then
 * synced until paused, removed, or its authorisation is gone. Sellers and their staff work on
 * their own shops; agents and admins on any seller's in the tenant; another seller's shop
 * answers 'shop.not_found'. Network calls to the platforms never run inside a transaction.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type {
  AddShopBody,
  ShopListQuery,
  ShopView,
  SyncRunView,
  UpdateShopBody,
} from '@shared/contract/shops.js';
import { AppError } from '@shared/errors.js';
import { withTenant, type Db, type TenantTx } from '../../db/client.js';
import { allOf, contains, guardUnique, iso, offsetOf } from '../../db/query-helpers.js';
import { sellerFilter, sellerScope } from '../../access/seller-scope.js';
import type { Actor } from '../../http/actor.js';
import { users } from '../identity/index.js';
import { sellerOf } from '../orders/index.js';
import { isWarehouseBound, visibleWarehouse, warehouses } from '../warehouse/index.js';
import { MarketplaceError, type ShopGrant } from './connector.js';
import { marketplaceOrders, shopSyncRuns, shops } from './marketplaces.tables.js';
import { platformOf, redirectUriOf, type MarketplaceRuntime } from './runtime.js';

/** How long a started authorisation may take before its state lapses. */
const AUTHORISATION_MINUTES = 15;

type ShopRow = typeof shops.$inferSelect;

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

/** What a sealed grant is bound to: its own row, so it opens nowhere else. */
export const grantBinding = (shop: Pick<ShopRow, 'tenantId' | 'id'>) => `${shop.tenantId}/${shop.id}`;

/** The shop when the actor may see it; 'shop.not_found' otherwise. */
export async function visibleShop(tx: TenantTx, actor: Actor, shopId: string): Promise<ShopRow> {
  if (isWarehouseBound(actor)) throw new AppError('shop.not_found');
  const [shop] = await tx
    .select()
    .from(shops)
    .where(allOf([eq(shops.id, shopId), sellerScope(actor, shops.sellerId)]));
  if (!shop) throw new AppError('shop.not_found');
  return shop;
}

const lastRunSql = sql<ShopView['lastRun']>`(
  select json_build_object('id', r.id, 'state', r.state, 'trigger', r.trigger, 'fetched', r.fetched,
    'startedAt', to_char(r.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'errorCode', r.error_code)
  from ${shopSyncRuns} r where r.tenant_id = ${shops.tenantId} and r.shop_id = ${shops.id}
  order by r.started_at desc limit 1)`;

const waitingSql = sql<number>`(
  select count(*)::int from ${marketplaceOrders} m
  where m.tenant_id = ${shops.tenantId} and m.shop_id = ${shops.id} and m.state = 'waiting')`;

function viewOf(
  row: ShopRow & { sellerName: string; warehouseName: string; lastRun: ShopView['lastRun']; waiting: number },
): ShopView {
  return {
    id: row.id,
    sellerId: row.sellerId,
    sellerName: row.sellerName,
    platform: row.platform,
    alias: row.alias,
    platformShopId: row.platformShopId,
    shopName: row.shopName,
    status: row.status,
    statusReason: row.statusReason,
    warehouseId: row.warehouseId,
    warehouseName: row.warehouseName,
    authorisedUntil: iso(row.refreshExpiresAt ?? row.accessExpiresAt),
    lastSyncedAt: iso(row.syncedTo),
    lastRun: row.lastRun,
    waitingOrders: row.waiting,
    createdAt: iso(row.createdAt),
  };
}

async function shopViews(tx: TenantTx, where: SQL | undefined, page?: { limit: number; offset: number }) {
  const query = tx
    .select({
      shop: shops,
      sellerName: sql<string>`coalesce(nullif(${users.realname}, ''), ${users.username})`,
      warehouseName: warehouses.name,
      lastRun: lastRunSql,
      waiting: waitingSql,
    })
    .from(shops)
    .innerJoin(users, and(eq(users.tenantId, shops.tenantId), eq(users.id, shops.sellerId)))
    .innerJoin(warehouses, and(eq(warehouses.tenantId, shops.tenantId), eq(warehouses.id, shops.warehouseId)))
    .where(where)
    .orderBy(desc(shops.createdAt), shops.id);
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map((row) =>
    viewOf({
      ...row.shop,
      sellerName: row.sellerName,
      warehouseName: row.warehouseName,
      lastRun: row.lastRun,
      waiting: row.waiting,
    }),
  );
}

/** One shop as the list shows it. */
export async function shopView(tx: TenantTx, shopId: string): Promise<ShopView> {
  const [view] = await shopViews(tx, eq(shops.id, shopId));
  if (!view) throw new AppError('shop.not_found');
  return view;
}

export async function listShops(tx: TenantTx, actor: Actor, query: ShopListQuery) {
  if (isWarehouseBound(actor)) throw new AppError('common.forbidden');
  const where = allOf([
    sellerFilter(actor, shops.sellerId, query.sellerId || undefined),
    query.platform ? eq(shops.platform, query.platform) : undefined,
    query.status ? eq(shops.status, query.status) : undefined,
    query.alias ? ilike(shops.alias, contains(query.alias)) : undefined,
  ]);
  const [count] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(shops)
    .where(where);
  const total = count?.total ?? 0;
  const records = await shopViews(tx, where, { limit: query.pageSize, offset: offsetOf(query) });
  return {
    records,
    total,
    current: query.pageNo,
    size: query.pageSize,
    pages: Math.ceil(total / query.pageSize),
  };
}

/** A shop added for a seller, pending until authorised; its orders will ship from `warehouseId`. */
export async function addShop(tx: TenantTx, actor: Actor, input: AddShopBody): Promise<ShopView> {
  const sellerId = await sellerOf(tx, actor, input.sellerId || undefined, 'shop.incomplete');
  await visibleWarehouse(tx, actor, input.warehouseId);
  const [made] = await tx
    .insert(shops)
    .values({ sellerId, platform: input.platform, alias: input.alias, warehouseId: input.warehouseId })
    .returning({ id: shops.id });
  if (!made) throw new Error('shop insert returned no row');
  return shopView(tx, made.id);
}

/** Alias, warehouse, and pausing or resuming the sync (only an authorised shop resumes). */
export async function editShop(tx: TenantTx, actor: Actor, input: UpdateShopBody): Promise<ShopView> {
  const shop = await visibleShop(tx, actor, input.id);
  if (input.warehouseId) await visibleWarehouse(tx, actor, input.warehouseId);
  let status = shop.status;
  if (input.isPaused === true && shop.status === 'active') status = 'paused';
  if (input.isPaused === false && shop.status === 'paused') status = 'active';
  await tx
    .update(shops)
    .set({
      alias: input.alias ?? shop.alias,
      warehouseId: input.warehouseId ?? shop.warehouseId,
      status,
      updatedAt: new Date(),
    })
    .where(eq(shops.id, shop.id));
  return shopView(tx, shop.id);
}

/** Removes a shop with its sync history and matching; orders already synced stay in the order list. */
export async function removeShop(tx: TenantTx, actor: Actor, shopId: string): Promise<null> {
  const shop = await visibleShop(tx, actor, shopId);
  await tx.delete(shops).where(eq(shops.id, shop.id));
  return null;
}

/**
 * The platform's authorisation page for a shop: a fresh single-use state (kept hashed, valid
 * 15 minutes) ties the return to this shop and this tenant.
 */
export async function startAuthorisation(
  tx: TenantTx,
  actor: Actor,
  runtime: MarketplaceRuntime,
  input: { id: string; shopDomain?: string },
): Promise<{ url: string }> {
  const shop = await visibleShop(tx, actor, input.id);
  const { connector, app } = platformOf(runtime, shop.platform);
  if (connector.authorisation === 'keys') throw new AppError('shop.keys_only');
  if (shop.platform === 'shopify' && !input.shopDomain) throw new AppError('shop.domain_required');
  const state = randomBytes(24).toString('base64url');
  const now = runtime.now();
  await tx
    .update(shops)
    .set({
      authStateHash: hashOf(state),
      authStateExpiresAt: new Date(now.getTime() + AUTHORISATION_MINUTES * 60_000),
      authStartedBy: actor.userId,
      updatedAt: now,
    })
    .where(eq(shops.id, shop.id));
  const url = connector.authoriseUrl(app, {
    redirectUri: redirectUriOf(runtime),
    state,
    now,
    ...(input.shopDomain ? { shopDomain: input.shopDomain.toLowerCase() } : {}),
  });
  return { url };
}

/** Why a platform refused, in words safe to show (never a token: connectors put none in messages). */
function reasonOf(error: unknown): string {
  if (error instanceof MarketplaceError)
    return `${error.code}${error.detail.platformCode ? ` ${error.detail.platformCode}` : ''}: ${error.message}`.slice(
      0,
      200,
    );
  return 'unknown';
}

/** Seals and stores a grant; the shop becomes active and is told apart from the tenant's other shops. */
async function saveGrant(
  tx: TenantTx,
  runtime: MarketplaceRuntime,
  shop: ShopRow,
  grant: ShopGrant,
): Promise<void> {
  const { box } = platformOf(runtime, shop.platform);
  const [taken] = await tx
    .select({ alias: shops.alias })
    .from(shops)
    .where(
      and(
        eq(shops.platform, shop.platform),
        eq(shops.platformShopId, grant.platformShopId),
        sql`${shops.id} <> ${shop.id}`,
      ),
    );
  if (taken) throw new AppError('shop.already_connected', { alias: taken.alias });
  await guardUnique(
    () =>
      tx
        .update(shops)
        .set({
          platformShopId: grant.platformShopId,
          shopName: grant.shopName.slice(0, 255),
          secrets: box.seal(grant, grantBinding(shop)),
          accessExpiresAt: grant.accessExpiresAt,
          refreshExpiresAt: grant.refreshExpiresAt,
          status: 'active',
          statusReason: '',
          authStateHash: null,
          authStateExpiresAt: null,
          updatedAt: runtime.now(),
        })
        .where(eq(shops.id, shop.id)),
    { shops_platform_shop_key: 'shop.already_connected' },
  );
}

/**
 * The platform sent the seller back to /shopifyAuth: the state names the shop, the connector
 * checks what the platform signed (Shopify's hmac and timestamp, before any call) and trades the
 * code for tokens, and only then is the state spent, in the transaction that stores the grant. A
 * return that fails its check (a forged hmac, a made-up code the platform refuses) spends
 * nothing, so the seller's genuine return still completes; of two returns with one state, the
 * first to store its grant wins and the other is refused as expired.
 */
export async function completeAuthorisation(
  db: Db,
  actor: Actor,
  runtime: MarketplaceRuntime,
  query: Record<string, string>,
): Promise<ShopView> {
  const state = query.state ?? '';
  const shop = await withTenant(db, actor.tenantId, async (tx) => {
    const [found] = await tx
      .select()
      .from(shops)
      .where(
        allOf([
          eq(shops.authStateHash, hashOf(state)),
          sql`${shops.authStateExpiresAt} > ${runtime.now().toISOString()}::timestamptz`,
          sellerScope(actor, shops.sellerId),
        ]),
      );
    if (!found || state === '') throw new AppError('shop.authorisation_expired');
    return found;
  });
  const { connector, app } = platformOf(runtime, shop.platform);
  let grant: ShopGrant;
  try {
    grant = await connector.exchangeCode(app, {
      query,
      redirectUri: redirectUriOf(runtime),
      fetch: runtime.fetch,
      now: runtime.now(),
    });
  } catch (error) {
    throw new AppError('shop.authorisation_failed', { reason: reasonOf(error) });
  }
  return withTenant(db, actor.tenantId, async (tx) => {
    const spent = await tx
      .update(shops)
      .set({ authStateHash: null, authStateExpiresAt: null })
      .where(and(eq(shops.id, shop.id), eq(shops.authStateHash, hashOf(state))))
      .returning({ id: shops.id });
    if (spent.length === 0) throw new AppError('shop.authorisation_expired');
    await saveGrant(tx, runtime, shop, grant);
    return shopView(tx, shop.id);
  });
}

/** Coupang: the vendor's keys, checked by one signed call before they are kept. */
export async function connectWithKeys(
  db: Db,
  actor: Actor,
  runtime: MarketplaceRuntime,
  input: { id: string; vendorId: string; accessKey: string; secretKey: string },
): Promise<ShopView> {
  const shop = await withTenant(db, actor.tenantId, (tx) => visibleShop(tx, actor, input.id));
  const { connector, app } = platformOf(runtime, shop.platform);
  if (!connector.connectWithKeys) throw new AppError('shop.redirect_only');
  let grant: ShopGrant;
  try {
    grant = await connector.connectWithKeys(app, {
      keys: { vendorId: input.vendorId, accessKey: input.accessKey, secretKey: input.secretKey },
      fetch: runtime.fetch,
      now: runtime.now(),
    });
  } catch (error) {
    throw new AppError('shop.authorisation_failed', { reason: reasonOf(error) });
  }
  return withTenant(db, actor.tenantId, async (tx) => {
    await saveGrant(tx, runtime, shop, grant);
    return shopView(tx, shop.id);
  });
}

/** A shop the actor may sync now: authorised and not paused. */
export async function syncableShop(tx: TenantTx, actor: Actor, shopId: string): Promise<ShopRow> {
  const shop = await visibleShop(tx, actor, shopId);
  if (shop.status === 'expired')
    throw new AppError(shop.statusReason === 'shop.redacted' ? 'shop.redacted' : 'shop.revoked');
  if (shop.status !== 'active') throw new AppError('shop.not_authorised');
  return shop;
}

export async function listSyncRuns(
  tx: TenantTx,
  actor: Actor,
  query: { id: string; pageNo: number; pageSize: number },
) {
  const shop = await visibleShop(tx, actor, query.id);
  const where = eq(shopSyncRuns.shopId, shop.id);
  const [count] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(shopSyncRuns)
    .where(where);
  const rows = await tx
    .select()
    .from(shopSyncRuns)
    .where(where)
    .orderBy(desc(shopSyncRuns.startedAt))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const total = count?.total ?? 0;
  const records: SyncRunView[] = rows.map((row) => ({
    id: row.id,
    shopId: row.shopId,
    trigger: row.trigger,
    state: row.state,
    windowFrom: iso(row.windowFrom),
    windowTo: iso(row.windowTo),
    pages: row.pages,
    fetched: row.fetched,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    waiting: row.waiting,
    failed: row.failed,
    orderErrors: row.orderErrors,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  }));
  return {
    records,
    total,
    current: query.pageNo,
    size: query.pageSize,
    pages: Math.ceil(total / query.pageSize),
  };
}
