/**
 * The fonts every printed document embeds, shipped inside npm packages (Noto Sans for Latin,
 * Vietnamese and Cyrillic, Noto Sans Thai, Noto Sans Hans and Hant for Chinese): read from
 * node_modules once per process, never downloaded. pdfkit has no font fallback, so text is
 * cut into runs, each set in the first font of the language's order that has its glyphs.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';
import type { Language } from '@shared/i18n/languages.js';

export const FONT_NAMES = ['latin', 'thai', 'hans', 'hant'] as const;
export type FontName = (typeof FONT_NAMES)[number];

const require = createRequire(import.meta.url);

/** A file inside a font package, found beside the package's entry (their exports hide the files). */
function packageFile(packageName: string, fromEntry: string): string {
  return join(dirname(require.resolve(packageName)), fromEntry);
}

const FONT_FILES: Record<FontName, () => string> = {
  latin: () => packageFile('@embedpdf/fonts-latin', '../fonts/NotoSans-Regular.ttf'),
  thai: () => packageFile('@expo-google-fonts/noto-sans-thai', '400Regular/NotoSansThai_400Regular.ttf'),
  hans: () => packageFile('@embedpdf/fonts-sc', '../fonts/NotoSansHans-Regular.otf'),
  hant: () => packageFile('@embedpdf/fonts-tc', '../fonts/NotoSansHant-Regular.otf'),
};

interface LoadedFont {
  data: Buffer;
  covers(codePoint: number): boolean;
}

let loaded: Record<FontName, LoadedFont> | undefined;

/** The font files, read and parsed on first use and kept for the life of the process. */
export function printFonts(): Record<FontName, LoadedFont> {
  if (!loaded) {
    const entries = FONT_NAMES.map((name): [FontName, LoadedFont] => {
      const data = readFileSync(FONT_FILES[name]());
      const font = fontkit.create(data);
      if (!('hasGlyphForCodePoint' in font)) throw new Error(`font ${name} is a collection`);
      return [name, { data, covers: (codePoint) => font.hasGlyphForCodePoint(codePoint) }];
    });
    loaded = Object.fromEntries(entries) as Record<FontName, LoadedFont>;
  }
  return loaded;
}

/** Han characters look different in simplified and traditional fonts: the language decides. */
function fontOrder(language: Language): FontName[] {
  if (language === 'zh-TC') return ['latin', 'hant', 'hans', 'thai'];
  if (language === 'zh-CN') return ['latin', 'hans', 'hant', 'thai'];
  return ['latin', 'thai', 'hans', 'hant'];
}

export interface TextRun {
  font: FontName;
  text: string;
}

/**
 * Cuts text into runs of one font each: a character stays in the current run while its font
 * has it, so spaces and digits do not break a Thai or Chinese phrase into pieces.
 */
export function textRuns(text: string, language: Language): TextRun[] {
  const fonts = printFonts();
  const order = fontOrder(language);
  const runs: TextRun[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 32;
    const last = runs[runs.length - 1];
    if (last && fonts[last.font].covers(codePoint)) {
      last.text += char;
      continue;
    }
    const font = order.find((name) => fonts[name].covers(codePoint)) ?? 'latin';
    if (last && last.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}
