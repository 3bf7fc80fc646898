/**
 * Label printing calls: SKU labels and location labels as PDF. Ids travel as one
 * comma-separated query value so a GET link can be opened in a new tab; `lang` picks the
 * language of the printed text (else X-Lang / Accept-Language).
 */
import { z } from 'zod';
import { string, uuid, uuidList } from './common.js';

export const LABEL_LIMITS = {
  /** Ids one request may name. */
  ids: 200,
  /** Copies of each SKU label. */
  copies: 100,
  /** Pages one PDF may hold, over all ids and copies. */
  pages: 2000,
} as const;

const langParam = string().max(16).optional();
const cacheBuster = string().max(20).optional();

const idList = uuidList(LABEL_LIMITS.ids);

export const skuLabelQuery = z
  .strictObject({
    ids: idList,
    copies: z.coerce.number().int().min(1).max(LABEL_LIMITS.copies).default(1),
    lang: langParam,
    _t: cacheBuster,
  })
  .refine((query) => query.ids.length * query.copies <= LABEL_LIMITS.pages, {
    message: 'too_many_labels',
    path: ['copies'],
  });
export type SkuLabelQuery = z.infer<typeof skuLabelQuery>;

/** Selected locations, or every location of a warehouse or of one partition. */
export const locationLabelQuery = z
  .strictObject({
    ids: idList.optional(),
    warehouseId: uuid.optional(),
    partitionId: uuid.optional(),
    lang: langParam,
    _t: cacheBuster,
  })
  .refine(
    (query) => query.ids !== undefined || query.warehouseId !== undefined || query.partitionId !== undefined,
    {
      message: 'required',
      path: ['ids'],
    },
  );
export type LocationLabelQuery = z.infer<typeof locationLabelQuery>;
