/**
 * Logistics channels: kept per tenant by its managers, used by the warehouses and shops they
 * name (none named: all). A carrier channel's app key and secret are sealed at once and never
 * leave the server again: a reply shows the key's last four characters. Its authorisation is
 * checked with the carrier whenever its keys are set, and can be checked again on demand.
 */
import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type {
  AddChannelBody,
  ChannelListQuery,
  ChannelView,
  EditChannelBody,
} from '@shared/contract/logistics.js';
import type { ChannelKind, LogisticsPlatform } from '@shared/domain/logistics.js';
import { AppError } from '@shared/errors.js';
import { withTenant, type Db, type TenantTx } from '../../db/client.js';
import { allOf, contains, iso, offsetOf, refuseOnConstraint } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { page } from '../../http/reply.js';
import { orderScope, orders } from '../orders/index.js';
import { CarrierError, type CarrierKeys } from './carriers/carrier.js';
import { logisticsChannels, waybills } from './logistics.tables.js';
import { carrierOf, type LogisticsRuntime } from './runtime.js';

export type ChannelRow = typeof logisticsChannels.$inferSelect;

/** What seals a channel's keys: bound to its tenant and id, so a blob copied elsewhere does not open. */
export const channelBinding = (row: Pick<ChannelRow, 'tenantId' | 'id'>) =>
  `channel/${row.tenantId}/${row.id}`;

export function channelView(row: ChannelRow): ChannelView {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    companyName: row.companyName,
    companyCode: row.companyCode,
    platform: row.platform ?? null,
    carrier: row.carrier ?? null,
    authStatus: row.authStatus,
    authError: row.authError,
    keyHint: row.keyHint,
    isEnabled: row.isEnabled,
    warehouseIds: row.warehouseIds ?? null,
    shopIds: row.shopIds ?? null,
    createdAt: iso(row.createdAt),
  };
}

const hintOf = (appKey: string) => (appKey.length <= 4 ? '' : `…${appKey.slice(-4)}`);

export async function listChannels(tx: TenantTx, query: ChannelListQuery) {
  const where = allOf([
    query.kind ? eq(logisticsChannels.kind, query.kind) : undefined,
    query.isEnabled ? eq(logisticsChannels.isEnabled, query.isEnabled === 'true') : undefined,
    query.name ? ilike(logisticsChannels.name, contains(query.name)) : undefined,
  ]);
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(logisticsChannels)
      .where(where)
      .orderBy(asc(logisticsChannels.kind), asc(logisticsChannels.name))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    tx.select({ value: count() }).from(logisticsChannels).where(where),
  ]);
  return page(rows.map(channelView), total?.value ?? 0, query.pageNo, query.pageSize);
}

export async function channelRow(tx: TenantTx, id: string): Promise<ChannelRow> {
  const [row] = await tx.select().from(logisticsChannels).where(eq(logisticsChannels.id, id));
  if (!row) throw new AppError('logistics.channel_not_found');
  return row;
}

const NAME_TAKEN = { logistics_channels_name_key: 'logistics.channel_name_taken' } as const;

export async function addChannel(
  tx: TenantTx,
  runtime: LogisticsRuntime,
  input: AddChannelBody,
): Promise<ChannelRow> {
  const common = {
    kind: input.kind as ChannelKind,
    name: input.name,
    companyName: input.companyName,
    companyCode: input.companyCode,
    warehouseIds: input.warehouseIds,
    shopIds: input.shopIds,
  };
  if (input.kind === 'marketplace') {
    const [row] = await refuseOnConstraint(
      () =>
        tx
          .insert(logisticsChannels)
          .values({ ...common, platform: input.platform as LogisticsPlatform, authStatus: 'authorised' })
          .returning(),
      NAME_TAKEN,
    );
    if (!row) throw new Error('channel insert returned nothing');
    return row;
  }
  carrierOf(runtime, input.carrier);
  const box = runtime.marketplaces.box;
  if (!box) throw new AppError('logistics.not_configured', { carrier: input.carrier });
  const [row] = await refuseOnConstraint(
    () =>
      tx
        .insert(logisticsChannels)
        .values({ ...common, carrier: input.carrier, keyHint: hintOf(input.appKey) })
        .returning(),
    NAME_TAKEN,
  );
  if (!row) throw new Error('channel insert returned nothing');
  const keys: CarrierKeys = { appKey: input.appKey, appSecret: input.appSecret };
  const [sealed] = await tx
    .update(logisticsChannels)
    .set({ secrets: box.seal(keys, channelBinding(row)) })
    .where(eq(logisticsChannels.id, row.id))
    .returning();
  return sealed ?? row;
}

export async function editChannel(
  tx: TenantTx,
  runtime: LogisticsRuntime,
  input: EditChannelBody,
): Promise<ChannelRow> {
  const row = await channelRow(tx, input.id);
  const keysChanged = Boolean(input.appKey || input.appSecret);
  let secrets: Partial<Pick<ChannelRow, 'secrets' | 'keyHint' | 'authStatus' | 'authError'>> = {};
  if (keysChanged) {
    if (row.kind !== 'carrier' || !row.carrier) throw new AppError('logistics.keys_not_needed');
    const box = runtime.marketplaces.box;
    if (!box) throw new AppError('logistics.not_configured', { carrier: row.carrier });
    const old = row.secrets
      ? box.open<CarrierKeys>(row.secrets, channelBinding(row))
      : { appKey: '', appSecret: '' };
    const keys: CarrierKeys = {
      appKey: input.appKey || old.appKey,
      appSecret: input.appSecret || old.appSecret,
    };
    secrets = {
      secrets: box.seal(keys, channelBinding(row)),
      keyHint: hintOf(keys.appKey),
      authStatus: 'unauthorised',
      authError: '',
    };
  }
  const [updated] = await refuseOnConstraint(
    () =>
      tx
        .update(logisticsChannels)
        .set({
          name: input.name,
          companyName: input.companyName,
          companyCode: input.companyCode,
          ...(input.warehouseIds === undefined ? {} : { warehouseIds: input.warehouseIds }),
          ...(input.shopIds === undefined ? {} : { shopIds: input.shopIds }),
          ...secrets,
          updatedAt: sql`now()`,
        })
        .where(eq(logisticsChannels.id, row.id))
        .returning(),
    NAME_TAKEN,
  );
  if (!updated) throw new AppError('logistics.channel_not_found');
  return updated;
}

export async function enableChannel(tx: TenantTx, id: string, isEnabled: boolean): Promise<ChannelView> {
  const [row] = await tx
    .update(logisticsChannels)
    .set({ isEnabled, updatedAt: sql`now()` })
    .where(eq(logisticsChannels.id, id))
    .returning();
  if (!row) throw new AppError('logistics.channel_not_found');
  return channelView(row);
}

export async function deleteChannel(tx: TenantTx, id: string): Promise<null> {
  await channelRow(tx, id);
  const [used] = await tx.select({ value: count() }).from(waybills).where(eq(waybills.channelId, id));
  if ((used?.value ?? 0) > 0) throw new AppError('logistics.channel_in_use');
  await tx.delete(logisticsChannels).where(eq(logisticsChannels.id, id));
  return null;
}

/** The channel's keys, opened; 'logistics.not_authorised' when it has none. */
export function channelKeys(runtime: LogisticsRuntime, row: ChannelRow): CarrierKeys {
  const box = runtime.marketplaces.box;
  if (!box || !row.secrets) throw new AppError('logistics.not_authorised', { name: row.name });
  return box.open<CarrierKeys>(row.secrets, channelBinding(row));
}

/**
 * Checks a carrier channel's keys with its carrier (outside any transaction: it waits on the
 * network) and records the outcome. Marketplace channels are authorised by their shops.
 */
export async function authoriseChannel(
  db: Db,
  runtime: LogisticsRuntime,
  tenantId: string,
  id: string,
): Promise<ChannelView> {
  const row = await withTenant(db, tenantId, (tx) => channelRow(tx, id));
  if (row.kind !== 'carrier' || !row.carrier) return channelView(row);
  const { adapter, apiUrl } = carrierOf(runtime, row.carrier);
  let authError = '';
  try {
    await adapter.verify({
      apiUrl,
      keys: channelKeys(runtime, row),
      fetch: runtime.marketplaces.fetch,
      now: () => runtime.marketplaces.now(),
    });
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    authError = error.code === 'unauthorised' ? 'logistics.keys_refused' : 'logistics.carrier_unavailable';
  }
  return withTenant(db, tenantId, async (tx) => {
    const [updated] = await tx
      .update(logisticsChannels)
      .set({ authStatus: authError === '' ? 'authorised' : 'unauthorised', authError, updatedAt: sql`now()` })
      .where(eq(logisticsChannels.id, id))
      .returning();
    if (!updated) throw new AppError('logistics.channel_not_found');
    return channelView(updated);
  });
}

const CONNECTED_SHOP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Is the order from a shop connected here? A marketplace order's shop id is our shop's id; orders entered by hand or imported carry something else. */
export function isConnectedShop(shopId: string): boolean {
  return CONNECTED_SHOP.test(shopId);
}

/** May an order of this warehouse and shop ship by the channel? */
export function channelAllows(
  row: ChannelRow,
  order: { warehouseId: string; shopId: string; platform: string },
): boolean {
  if (!row.isEnabled) return false;
  if (row.warehouseIds && !row.warehouseIds.includes(order.warehouseId)) return false;
  if (row.shopIds && (order.shopId === '' || !row.shopIds.includes(order.shopId))) return false;
  // The marketplace's logistics serve only its own orders, from a shop connected here.
  if (row.kind === 'marketplace' && (row.platform !== order.platform || !isConnectedShop(order.shopId)))
    return false;
  return true;
}

/** The channels every one of the orders may ship by (the arrange dialog's choices). */
export async function channelOptions(tx: TenantTx, actor: Actor, orderIds: readonly string[]) {
  const chosen = await tx
    .select({ warehouseId: orders.warehouseId, shopId: orders.shopId, platform: orders.platform })
    .from(orders)
    .where(and(inArray(orders.id, [...orderIds]), orderScope(actor)));
  if (chosen.length !== new Set(orderIds).size) throw new AppError('order.not_found');
  const rows = await tx
    .select()
    .from(logisticsChannels)
    .where(eq(logisticsChannels.isEnabled, true))
    .orderBy(asc(logisticsChannels.kind), asc(logisticsChannels.name));
  return rows
    .filter((row) => chosen.every((order) => channelAllows(row, order)))
    .filter((row) => row.kind === 'marketplace' || row.authStatus === 'authorised')
    .map((row) => ({ id: row.id, kind: row.kind, name: row.name, platform: row.platform ?? null }));
}
