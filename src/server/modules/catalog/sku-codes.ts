/**
 * The codes that must stay unique: a seller's SKU codes, local codes ('Local SKUs must be
 * unique') and barcodes per seller, system codes per tenant. Checked first for a clear refusal
 * with the code in question; the unique keys catch whatever a concurrent request slipped in.
 */
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { SkuInput } from '@shared/contract/catalog.js';
import { sysCodeOf } from '@shared/domain/catalog.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import { refuseOnConstraint } from '../../db/query-helpers.js';
import { skuBarcodes, skuCounters, skus } from './catalog.tables.js';

export const SKU_REFUSALS = {
  skus_seller_sku_key: 'catalog.seller_sku_taken',
  skus_local_code_key: 'catalog.local_sku_taken',
  sku_barcodes_pkey: 'catalog.barcode_taken',
  stock_balances_sku_fk: 'catalog.sku_in_use',
} as const;

export interface SkuCodes {
  sellerSku?: string;
  localCode?: string | null;
  barcodes?: string[];
  /** The SKU being edited, whose own codes do not clash with it. */
  exceptId?: string;
}

function firstRepeat(values: string[]): string | undefined {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) return value;
    seen.add(value);
  }
  return undefined;
}

/** Refuses codes repeated within the request or held by another SKU of the seller. */
export async function assertSkuCodesFree(tx: TenantTx, sellerId: string, entries: SkuCodes[]): Promise<void> {
  const sellerSkus = entries.flatMap((entry) => (entry.sellerSku ? [entry.sellerSku] : []));
  const localCodes = entries.flatMap((entry) => (entry.localCode ? [entry.localCode] : []));
  const barcodes = entries.flatMap((entry) => [...new Set(entry.barcodes ?? [])]);
  const repeatedSku = firstRepeat(sellerSkus);
  if (repeatedSku) throw new AppError('catalog.seller_sku_taken', { code: repeatedSku });
  const repeatedLocal = firstRepeat(localCodes);
  if (repeatedLocal) throw new AppError('catalog.local_sku_taken', { code: repeatedLocal });
  const repeatedBarcode = firstRepeat(barcodes);
  if (repeatedBarcode) throw new AppError('catalog.barcode_taken', { barcode: repeatedBarcode });

  const exceptIds = entries.flatMap((entry) => (entry.exceptId ? [entry.exceptId] : []));
  const exceptId = exceptIds[0];
  if (sellerSkus.length > 0 || localCodes.length > 0) {
    const clashes = await tx
      .select({ sellerSku: skus.sellerSku, localCode: skus.localCode })
      .from(skus)
      .where(
        and(
          eq(skus.sellerId, sellerId),
          or(
            sellerSkus.length > 0 ? inArray(skus.sellerSku, sellerSkus) : undefined,
            localCodes.length > 0 ? inArray(skus.localCode, localCodes) : undefined,
          ),
          exceptId ? ne(skus.id, exceptId) : undefined,
        ),
      );
    for (const clash of clashes) {
      if (sellerSkus.includes(clash.sellerSku))
        throw new AppError('catalog.seller_sku_taken', { code: clash.sellerSku });
      if (clash.localCode && localCodes.includes(clash.localCode))
        throw new AppError('catalog.local_sku_taken', { code: clash.localCode });
    }
  }
  if (barcodes.length > 0) {
    const [taken] = await tx
      .select({ barcode: skuBarcodes.barcode })
      .from(skuBarcodes)
      .where(
        and(
          eq(skuBarcodes.sellerId, sellerId),
          inArray(skuBarcodes.barcode, barcodes),
          exceptId ? ne(skuBarcodes.skuId, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (taken) throw new AppError('catalog.barcode_taken', { barcode: taken.barcode });
  }
}

/** Hands out `count` system codes from the tenant's counter (the row stays locked until commit). */
export async function nextSysCodes(tx: TenantTx, count: number): Promise<string[]> {
  const [row] = await tx
    .insert(skuCounters)
    .values({ lastValue: count })
    .onConflictDoUpdate({
      target: skuCounters.tenantId,
      set: { lastValue: sql`${skuCounters.lastValue} + ${count}` },
    })
    .returning({ lastValue: skuCounters.lastValue });
  if (!row) throw new Error('the SKU counter returned no row');
  const first = row.lastValue - count + 1;
  return Array.from({ length: count }, (_, index) => sysCodeOf(first + index));
}

/** Inserts SKUs of one product of one seller with their barcodes; codes were checked by the caller. */
export async function insertSkus(
  tx: TenantTx,
  owner: { productId: string; sellerId: string; createdBy: string },
  inputs: SkuInput[],
): Promise<string[]> {
  if (inputs.length === 0) return [];
  const sysCodes = await nextSysCodes(tx, inputs.length);
  return refuseOnConstraint(async () => {
    const rows = await tx
      .insert(skus)
      .values(
        inputs.map(({ barcodes: _barcodes, ...fields }, index) => ({
          ...fields,
          ...owner,
          sysCode: sysCodes[index] ?? '',
        })),
      )
      .returning({ id: skus.id });
    const barcodeRows = rows.flatMap((row, index) =>
      [...new Set(inputs[index]?.barcodes ?? [])].map((barcode) => ({
        sellerId: owner.sellerId,
        skuId: row.id,
        barcode,
      })),
    );
    if (barcodeRows.length > 0) await tx.insert(skuBarcodes).values(barcodeRows);
    return rows.map((row) => row.id);
  }, SKU_REFUSALS);
}

/** Replaces a SKU's barcodes with exactly `barcodes`. */
export async function replaceBarcodes(
  tx: TenantTx,
  sku: { id: string; sellerId: string },
  barcodes: string[],
): Promise<void> {
  const wanted = new Set(barcodes);
  const existing = await tx
    .select({ barcode: skuBarcodes.barcode })
    .from(skuBarcodes)
    .where(eq(skuBarcodes.skuId, sku.id));
  const have = new Set(existing.map((row) => row.barcode));
  const removed = [...have].filter((barcode) => !wanted.has(barcode));
  const added = [...wanted].filter((barcode) => !have.has(barcode));
  if (removed.length > 0)
    await tx
      .delete(skuBarcodes)
      .where(and(eq(skuBarcodes.skuId, sku.id), inArray(skuBarcodes.barcode, removed)));
  if (added.length > 0)
    await refuseOnConstraint(
      () =>
        tx
          .insert(skuBarcodes)
          .values(added.map((barcode) => ({ sellerId: sku.sellerId, skuId: sku.id, barcode }))),
      SKU_REFUSALS,
    );
}
