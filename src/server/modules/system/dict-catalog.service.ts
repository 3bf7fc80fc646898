import { and, eq } from 'drizzle-orm';
import { DICTIONARIES } from '@shared/domain/dictionaries.js';
import { LANGUAGES, type Language } from '@shared/i18n/languages.js';
import type { TenantTx } from '../../db/client.js';
import { translatorFor } from '../../i18n.js';
import { dictItems, dicts } from './system.tables.js';

/**
 * Gives a tenant the product's dictionaries (spec 02 §4 status groups and choice lists),
 * labelled from locales/<lang>/dict.json. Missing dictionaries and items are added; items
 * an administrator edited keep their texts.
 */
export async function syncDictionaries(tx: TenantTx): Promise<void> {
  const translators = LANGUAGES.map((language) => [language, translatorFor(language)] as const);
  const english = translatorFor('en-US');
  for (const definition of DICTIONARIES) {
    await tx
      .insert(dicts)
      .values({ dictCode: definition.code, dictName: english(`dict:${definition.code}._name`) })
      .onConflictDoNothing();
    const [dict] = await tx.select({ id: dicts.id }).from(dicts).where(eq(dicts.dictCode, definition.code));
    if (!dict) continue;
    for (const [index, value] of definition.values.entries()) {
      const texts: Partial<Record<Language, string>> = {};
      for (const [language, t] of translators) texts[language] = t(`dict:${definition.code}.${value}`);
      await tx
        .insert(dictItems)
        .values({
          dictId: dict.id,
          itemValue: value,
          itemText: english(`dict:${definition.code}.${value}`),
          texts,
          sortOrder: index + 1,
        })
        .onConflictDoNothing();
    }
  }
}

/** True when the tenant has this dictionary item (for tests and checks). */
export async function hasDictItem(tx: TenantTx, code: string, value: string): Promise<boolean> {
  const rows = await tx
    .select({ id: dictItems.id })
    .from(dictItems)
    .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
    .where(and(eq(dicts.dictCode, code), eq(dictItems.itemValue, value)));
  return rows.length > 0;
}
