/**
 * Our own waybill labels, for parcels booked with a carrier of our own or self-shipped: 100 ×
 * 150 mm with the tracking number as Code 128, the carrier, its sort code, sender (the
 * warehouse) and recipient in whatever script they are written (Chinese, Thai, Latin), the
 * order number and the weight (the packed weight, else the SKUs' when every line has one, else a
 * dash). No product lines: a waybill never shows what is inside.
 *
 * They are not stored: everything on them is kept on the order and its waybill, so they are
 * rendered when printed, many to one document (a label alone costs a document's fonts; five
 * hundred in one document take seconds). A platform's label, which we cannot remake, is stored.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Language } from '@shared/i18n/languages.js';
import type { TenantTx } from '../../db/client.js';
import { skus } from '../catalog/index.js';
import { orderLines, orders } from '../orders/index.js';
import { renderWaybills } from '../printing/index.js';
import { warehouses } from '../warehouse/index.js';
import { logisticsChannels, waybills } from './logistics.tables.js';

/** The labels of these orders' waybills, in the order given, as one PDF. */
export async function renderOwnLabels(
  tx: TenantTx,
  orderIds: readonly string[],
  language: Language,
): Promise<Buffer> {
  // The lines' weight only when every line's SKU has one: a sum missing a SKU would print too
  // little, and no weight at all would print "0 kg"; unknown is null, printed as a dash.
  const weight = sql<
    number | null
  >`(select case when bool_and(${skus.weightG} > 0) then sum(${orderLines.quantity} * ${skus.weightG})::int end
    from ${orderLines} join ${skus} on ${skus.id} = ${orderLines.skuId} where ${orderLines.orderId} = ${orders.id})`;
  const rows = await tx
    .select({
      orderId: orders.id,
      orderNo: orders.orderNo,
      recipient: {
        name: orders.recipientName,
        phone: orders.recipientPhone,
        address: orders.recipientAddress,
      },
      trackingNo: waybills.trackingNo,
      carrierName: waybills.carrierName,
      sortCode: waybills.sortCode,
      weightGrams: waybills.weightGrams,
      lineWeight: weight,
      channelName: logisticsChannels.name,
      channelCode: logisticsChannels.companyCode,
      warehouse: {
        name: warehouses.name,
        contactName: warehouses.contactName,
        phone: warehouses.contactPhone,
        address: warehouses.address,
        timeZone: warehouses.timeZone,
      },
    })
    .from(waybills)
    .innerJoin(orders, eq(orders.id, waybills.orderId))
    .innerJoin(warehouses, eq(warehouses.id, orders.warehouseId))
    .leftJoin(logisticsChannels, eq(logisticsChannels.id, waybills.channelId))
    .where(inArray(waybills.orderId, [...orderIds]))
    .orderBy(asc(orders.id));
  const byOrder = new Map(rows.map((row) => [row.orderId, row]));
  const chosen = orderIds.map((id) => byOrder.get(id)).filter((row) => row !== undefined);
  return renderWaybills(
    chosen.map((row) => ({
      carrier: { name: row.carrierName || row.channelName || '', code: row.channelCode ?? '' },
      trackingNo: row.trackingNo,
      sortCode: row.sortCode,
      sender: {
        name: row.warehouse.contactName || row.warehouse.name,
        phone: row.warehouse.phone,
        address: row.warehouse.address,
      },
      recipient: row.recipient,
      orderNo: row.orderNo,
      weightGrams: row.weightGrams ?? row.lineWeight,
    })),
    language,
    { timeZone: chosen[0]?.warehouse.timeZone },
  );
}
