/**
 * SKU and location labels: what each label says, gathered within what the actor may see (a
 * seller prints only their own SKUs, warehouse staff only their warehouses' locations), then
 * drawn by label-pdf.ts. An id out of sight answers 404, as if it did not exist.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { LABEL_LIMITS, type LocationLabelQuery, type SkuLabelQuery } from '@shared/contract/printing.js';
import type { Language } from '@shared/i18n/languages.js';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import { allOf } from '../../db/query-helpers.js';
import type { Actor } from '../../http/actor.js';
import { translatorFor } from '../../i18n.js';
import { sellerScope } from '../../access/seller-scope.js';
import { products, skus } from '../catalog/index.js';
import {
  visibleWarehouse,
  warehouseLocations as l,
  warehousePartitions as p,
  warehouses as w,
  warehouseScope,
} from '../warehouse/index.js';
import { renderLabels, type Label } from './label-pdf.js';
import type { PdfFile } from '../../http/pdf-reply.js';

const today = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

/** GET /print/label/sku: one label per SKU and copy, in the order the ids were given. */
export async function skuLabels(
  tx: TenantTx,
  actor: Actor,
  input: SkuLabelQuery & { language: Language },
): Promise<PdfFile> {
  const rows = await tx
    .select({
      id: skus.id,
      sellerSku: skus.sellerSku,
      sysCode: skus.sysCode,
      variation: skus.variation,
      productName: products.name,
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(inArray(skus.id, input.ids), sellerScope(actor, skus.sellerId)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const t = translatorFor(input.language);
  const labels: Label[] = input.ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) throw new AppError('catalog.sku_not_found');
    const label: Label = {
      code: row.sysCode,
      lines: [
        { text: row.sellerSku, size: 14 },
        { text: row.productName, size: 10 },
        ...(row.variation ? [{ text: `${t('messages:label.variation')}: ${row.variation}`, size: 10 }] : []),
      ],
    };
    return Array.from({ length: input.copies }, () => label);
  });
  const pdf = await renderLabels(labels, input.language, t('messages:label.sku_title'));
  return { fileName: `sku-labels-${today()}.pdf`, pdf };
}

async function partitionWarehouse(tx: TenantTx, actor: Actor, partitionId: string): Promise<string> {
  const [row] = await tx.select({ warehouseId: p.warehouseId }).from(p).where(eq(p.id, partitionId));
  if (!row) throw new AppError('warehouse.partition_not_found');
  await visibleWarehouse(tx, actor, row.warehouseId).catch(() => {
    throw new AppError('warehouse.partition_not_found');
  });
  return row.warehouseId;
}

/** GET /print/label/location: the chosen locations, or all of a warehouse or partition, by code. */
export async function locationLabels(
  tx: TenantTx,
  actor: Actor,
  input: LocationLabelQuery & { language: Language },
): Promise<PdfFile> {
  if (input.warehouseId) await visibleWarehouse(tx, actor, input.warehouseId);
  if (input.partitionId) {
    const warehouseId = await partitionWarehouse(tx, actor, input.partitionId);
    if (input.warehouseId && input.warehouseId !== warehouseId)
      throw new AppError('warehouse.partition_other_warehouse');
  }
  const rows = await tx
    .select({
      id: l.id,
      code: l.code,
      locationType: l.locationType,
      warehouseCode: w.code,
      warehouseName: w.name,
      partitionCode: p.code,
      partitionName: p.name,
    })
    .from(l)
    .innerJoin(w, eq(w.id, l.warehouseId))
    .leftJoin(p, eq(p.id, l.partitionId))
    .where(
      allOf([
        warehouseScope(actor, l.warehouseId),
        input.ids ? inArray(l.id, input.ids) : undefined,
        input.warehouseId ? eq(l.warehouseId, input.warehouseId) : undefined,
        input.partitionId ? eq(l.partitionId, input.partitionId) : undefined,
      ]),
    )
    .orderBy(asc(w.code), asc(l.code))
    .limit(LABEL_LIMITS.pages + 1);
  if (input.ids && rows.length < input.ids.length) throw new AppError('warehouse.location_not_found');
  if (rows.length > LABEL_LIMITS.pages)
    throw new AppError('printing.too_many_labels', { max: LABEL_LIMITS.pages });
  if (rows.length === 0) throw new AppError('warehouse.location_not_found');
  const t = translatorFor(input.language);
  const labels: Label[] = rows.map((row) => ({
    code: row.code,
    lines: [
      { text: row.code, size: 16 },
      { text: `${t('messages:label.warehouse')}: ${row.warehouseCode} ${row.warehouseName}`, size: 9 },
      {
        text: `${t('messages:label.partition')}: ${row.partitionCode ? `${row.partitionCode} ${row.partitionName ?? ''}` : '-'}`,
        size: 9,
      },
      { text: `${t('messages:label.type')}: ${t(`dict:location_type.${row.locationType}`)}`, size: 9 },
    ],
  }));
  const pdf = await renderLabels(labels, input.language, t('messages:label.location_title'));
  const scope = rows.length > 0 && rows.every((row) => row.warehouseCode === rows[0]?.warehouseCode);
  return {
    fileName: `location-labels-${scope ? `${rows[0]?.warehouseCode ?? ''}-` : ''}${today()}.pdf`,
    pdf,
  };
}
