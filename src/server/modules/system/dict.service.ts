import { and, asc, eq } from 'drizzle-orm';
import type { Language } from '@shared/i18n/languages.js';
import type { TenantTx } from '../../db/client.js';
import { dictItems, dicts } from './system.tables.js';

export interface DictItemView {
  value: string;
  text: string;
  title: string;
  label: string;
}

/** GET /sys/dict/getDictItems/{code}: the enabled items of a dictionary, labelled in the caller's language. */
export async function dictItemsOf(tx: TenantTx, code: string, language: Language): Promise<DictItemView[]> {
  const rows = await tx
    .select({ value: dictItems.itemValue, text: dictItems.itemText, texts: dictItems.texts })
    .from(dictItems)
    .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
    .where(and(eq(dicts.dictCode, code), eq(dictItems.status, 1)))
    .orderBy(asc(dictItems.sortOrder), asc(dictItems.itemValue));
  return rows.map((row) => {
    const text = row.texts[language] ?? row.text;
    return { value: row.value, text, title: text, label: text };
  });
}
