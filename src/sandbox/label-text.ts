/**
 * The sandbox labels' text: set in the Noto fonts that ship in npm packages (Noto Sans for Latin
 * and Vietnamese, Noto Sans Thai, Noto Sans Hans and Hant for Chinese), read from node_modules once
 * per process, and fitted into a box of the label. pdfkit falls back to no other font, so each
 * word is cut into runs of one face that has its glyphs; a box's text is wrapped at the word
 * breaks Intl.Segmenter finds (spaces for Latin, its dictionary for Thai, each word for Chinese),
 * shrunk half a point at a time down to the box's smallest size, then cut with an ellipsis.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';

/** The faces a label prints with. Han characters are drawn differently by the two Chinese faces. */
type Face = 'latin' | 'thai' | 'hans' | 'hant';

/** Each face's package and its file from the package's folder. */
const FACE_FILES: Readonly<Record<Face, readonly [string, string]>> = {
  latin: ['@embedpdf/fonts-latin', 'fonts/NotoSans-Regular.ttf'],
  thai: ['@expo-google-fonts/noto-sans-thai', '400Regular/NotoSansThai_400Regular.ttf'],
  hans: ['@embedpdf/fonts-sc', 'fonts/NotoSansHans-Regular.otf'],
  hant: ['@embedpdf/fonts-tc', 'fonts/NotoSansHant-Regular.otf'],
};

const require = createRequire(import.meta.url);

/**
 * A package's folder: the nearest folder above its entry point that holds its package.json (the
 * packages' `exports` name no font file, so the files are found from the entry).
 */
function packageFolder(name: string): string {
  let folder = dirname(require.resolve(name));
  while (!folder.endsWith(join('node_modules', name)) && dirname(folder) !== folder) folder = dirname(folder);
  return folder;
}

interface LoadedFace {
  bytes: Buffer;
  hasGlyph(codePoint: number): boolean;
}

let loadedFaces: ReadonlyMap<Face, LoadedFace> | undefined;

function faces(): ReadonlyMap<Face, LoadedFace> {
  if (loadedFaces) return loadedFaces;
  const map = new Map<Face, LoadedFace>();
  for (const [face, [pkg, file]] of Object.entries(FACE_FILES) as [Face, readonly [string, string]][]) {
    const bytes = readFileSync(join(packageFolder(pkg), file));
    const font = fontkit.create(bytes);
    if (!('hasGlyphForCodePoint' in font)) throw new Error(`${pkg} ${file} is a font collection`);
    map.set(face, { bytes, hasGlyph: (codePoint) => font.hasGlyphForCodePoint(codePoint) });
  }
  loadedFaces = map;
  return map;
}

const pdfName = (face: Face) => `label-${face}`;

/** Registers the label faces on a document under the names the writer draws with. */
export function registerLabelFaces(doc: PDFKit.PDFDocument): void {
  for (const [face, loaded] of faces()) doc.registerFont(pdfName(face), loaded.bytes);
}

/** A box the text must stay inside. */
export interface LabelBox {
  x: number;
  y: number;
  width: number;
  /** The room below y. */
  height: number;
  /** The size tried first. */
  size: number;
  /** The smallest size tried; below it the text is cut with an ellipsis. */
  minSize?: number;
  maxLines?: number;
  align?: 'left' | 'center' | 'right';
}

/** A stretch of one face, and its width at size 1. */
interface Run {
  face: Face;
  text: string;
  width: number;
}

/** A word, never broken across lines unless it is wider than the line. */
interface Word {
  runs: Run[];
  width: number;
  blank: boolean;
}

/** Line pitch and the baseline below a line's top, as multiples of the size: room for Thai marks. */
const LINE_PITCH = 1.3;
const BASELINE = 1.02;

const wordBreaks = new Intl.Segmenter(undefined, { granularity: 'word' });
const characters = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Writes text into label boxes. `han` is the face that draws Han characters first: hant for a
 * Traditional Chinese market (Taiwan), hans for the others.
 */
export function labelTextWriter(
  doc: PDFKit.PDFDocument,
  han: 'hans' | 'hant',
): (text: string, box: LabelBox) => number {
  const order: readonly Face[] =
    han === 'hant' ? ['latin', 'hant', 'hans', 'thai'] : ['latin', 'thai', 'hans', 'hant'];
  const loaded = faces();
  const covers = (face: Face, codePoint: number) => loaded.get(face)?.hasGlyph(codePoint) ?? false;
  const widthOf = (face: Face, text: string) => doc.font(pdfName(face)).fontSize(1).widthOfString(text);

  /** A word's runs: a character stays with the face before it while that face has it. */
  const wordOf = (text: string): Word => {
    const runs: Run[] = [];
    for (const char of text) {
      const codePoint = char.codePointAt(0) ?? 0x20;
      const current = runs.at(-1);
      const face =
        current && covers(current.face, codePoint)
          ? current.face
          : (order.find((candidate) => covers(candidate, codePoint)) ?? 'latin');
      if (current?.face === face) current.text += char;
      else runs.push({ face, text: char, width: 0 });
    }
    for (const run of runs) run.width = widthOf(run.face, run.text);
    return { runs, width: runs.reduce((sum, run) => sum + run.width, 0), blank: text.trim() === '' };
  };

  const charactersOf = (word: Word): Word[] =>
    word.runs.flatMap((run) => Array.from(characters.segment(run.text), (part) => wordOf(part.segment)));

  const trimmed = (line: Word[]): Word[] => {
    const kept = [...line];
    while (kept.at(-1)?.blank) kept.pop();
    return kept;
  };
  const widthAt = (line: Word[], size: number) => line.reduce((sum, word) => sum + word.width, 0) * size;

  /** Greedy filling of lines `width` wide at `size`: blanks may hang past the edge, a long word is cut. */
  const layout = (paragraphs: Word[][], width: number, size: number): Word[][] => {
    const lines: Word[][] = [];
    for (const words of paragraphs) {
      let line: Word[] = [];
      for (const word of words) {
        if (line.length === 0 && word.blank) continue;
        if (word.blank || widthAt([...line, word], size) <= width) {
          line.push(word);
          continue;
        }
        if (line.length > 0) lines.push(trimmed(line));
        line = [];
        for (const part of word.width * size <= width ? [word] : charactersOf(word)) {
          if (line.length > 0 && widthAt([...line, part], size) > width) {
            lines.push(trimmed(line));
            line = [];
          }
          line.push(part);
        }
      }
      lines.push(trimmed(line));
    }
    return lines;
  };

  /** The line shortened a character at a time until it and an ellipsis fit. */
  const ellipsised = (line: Word[], width: number, size: number): Word[] => {
    const ellipsis = wordOf('…');
    const parts = line.flatMap(charactersOf);
    while (parts.length > 0 && widthAt([...parts, ellipsis], size) > width) parts.pop();
    return [...trimmed(parts), ellipsis];
  };

  const draw = (lines: Word[][], box: LabelBox, size: number) => {
    lines.forEach((line, index) => {
      const spare = box.width - widthAt(line, size);
      let x = box.x + (box.align === 'right' ? spare : box.align === 'center' ? spare / 2 : 0);
      const baseline = box.y + index * size * LINE_PITCH + size * BASELINE;
      for (const run of line.flatMap((word) => word.runs)) {
        doc
          .font(pdfName(run.face))
          .fontSize(size)
          .text(run.text, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
        x += run.width * size;
      }
    });
    return box.y + lines.length * size * LINE_PITCH;
  };

  return (text, box) => {
    const paragraphs = text
      .split(/\r?\n/)
      .map((paragraph) => Array.from(wordBreaks.segment(paragraph), (part) => wordOf(part.segment)));
    const smallest = Math.min(box.minSize ?? box.size, box.size);
    const room = (size: number) =>
      Math.max(1, Math.min(box.maxLines ?? Infinity, Math.floor(box.height / (size * LINE_PITCH))));
    for (let size = box.size; size > smallest; size -= 0.5) {
      const lines = layout(paragraphs, box.width, size);
      if (lines.length <= room(size)) return draw(lines, box, size);
    }
    const lines = layout(paragraphs, box.width, smallest);
    if (lines.length <= room(smallest)) return draw(lines, box, smallest);
    const kept = lines.slice(0, room(smallest));
    const last = kept.pop() ?? [];
    return draw([...kept, ellipsised(last, box.width, smallest)], box, smallest);
  };
}
