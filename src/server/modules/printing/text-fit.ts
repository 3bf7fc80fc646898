/**
 * Text that must stay inside a box: names and addresses in any mix of Chinese, Thai and Latin
 * scripts, wrapped where each script allows a break (spaces for Latin, the dictionary for Thai,
 * which writes no spaces, any word for Chinese: Intl.Segmenter knows all three), set in runs of
 * the fonts that have the glyphs (pdfkit has no fallback), shrunk down to a floor size and then
 * cut with an ellipsis, so it never runs out of its box or off the page.
 */
import type { Language } from '@shared/i18n/languages.js';
import { textRuns, type FontName } from './fonts.js';

/** Line height as a multiple of the font size: room for Thai marks above and below. */
export const LINE_HEIGHT = 1.3;
/** The baseline below a line's top, as a multiple of the font size. */
const BASELINE = 1.02;
const SHRINK_STEP = 0.5;
const ELLIPSIS = '…';

const words = new Intl.Segmenter(undefined, { granularity: 'word' });
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** A piece of text that is never broken inside, and its width at font size 1. */
interface Piece {
  font: FontName;
  text: string;
  width: number;
  isSpace: boolean;
}

type Line = Piece[];

function measurer(doc: PDFKit.PDFDocument) {
  return (font: FontName, text: string): Piece => ({
    font,
    text,
    width: doc.font(font).fontSize(1).widthOfString(text),
    isSpace: text.trim() === '',
  });
}

/** Each paragraph of the text cut into unbreakable pieces (words, or characters of Chinese). */
function paragraphs(doc: PDFKit.PDFDocument, text: string, language: Language): Piece[][] {
  const measure = measurer(doc);
  return text
    .split(/\r?\n/)
    .map((paragraph) =>
      textRuns(paragraph, language).flatMap((run) =>
        Array.from(words.segment(run.text), ({ segment }) => measure(run.font, segment)),
      ),
    );
}

const lineWidth = (line: Line, size: number) => line.reduce((sum, piece) => sum + piece.width, 0) * size;

function trimEnd(line: Line): Line {
  let end = line.length;
  while (end > 0 && line[end - 1]?.isSpace) end -= 1;
  return line.slice(0, end);
}

/** A piece wider than a line, cut into characters as the script draws them. */
function splitPiece(doc: PDFKit.PDFDocument, piece: Piece): Piece[] {
  const measure = measurer(doc);
  return Array.from(graphemes.segment(piece.text), ({ segment }) => measure(piece.font, segment));
}

/** Greedy line filling: spaces may hang past the edge, a word too long for any line is cut. */
function wrap(doc: PDFKit.PDFDocument, pieces: Piece[], width: number, size: number): Line[] {
  const lines: Line[] = [];
  let line: Line = [];
  let used = 0;
  const push = (piece: Piece) => {
    line.push(piece);
    used += piece.width * size;
  };
  const breakLine = () => {
    lines.push(trimEnd(line));
    line = [];
    used = 0;
  };
  for (const piece of pieces) {
    if (line.length === 0 && piece.isSpace) continue;
    const pieceWidth = piece.width * size;
    if (piece.isSpace || used + pieceWidth <= width) {
      push(piece);
      continue;
    }
    if (line.length > 0) breakLine();
    if (pieceWidth <= width) {
      push(piece);
      continue;
    }
    for (const part of splitPiece(doc, piece)) {
      if (line.length > 0 && used + part.width * size > width) breakLine();
      push(part);
    }
  }
  if (line.length > 0 || lines.length === 0) lines.push(trimEnd(line));
  return lines;
}

function wrapAll(doc: PDFKit.PDFDocument, pieces: Piece[][], width: number, size: number): Line[] {
  return pieces.flatMap((paragraph) => wrap(doc, paragraph, width, size));
}

/** The line cut back, character by character, until it and an ellipsis fit the width. */
function withEllipsis(doc: PDFKit.PDFDocument, line: Line, width: number, size: number): Line {
  const ellipsis = measurer(doc)('latin', ELLIPSIS);
  const parts = line.flatMap((piece) => splitPiece(doc, piece));
  while (parts.length > 0 && lineWidth([...parts, ellipsis], size) > width) parts.pop();
  return [...trimEnd(parts), ellipsis];
}

function drawLine(
  doc: PDFKit.PDFDocument,
  line: Line,
  box: { x: number; width: number; align?: 'left' | 'center' | 'right' },
  top: number,
  size: number,
) {
  const free = box.width - lineWidth(line, size);
  let x = box.x + (box.align === 'right' ? free : box.align === 'center' ? free / 2 : 0);
  // Neighbouring pieces of one font are drawn as one string.
  const merged: Piece[] = [];
  for (const piece of line) {
    const last = merged[merged.length - 1];
    if (last && last.font === piece.font)
      merged[merged.length - 1] = { ...last, text: last.text + piece.text, width: last.width + piece.width };
    else merged.push(piece);
  }
  for (const piece of merged) {
    doc
      .font(piece.font)
      .fontSize(size)
      .text(piece.text, x, top + size * BASELINE, { lineBreak: false, baseline: 'alphabetic' });
    x += piece.width * size;
  }
}

export interface FitBox {
  x: number;
  y: number;
  width: number;
  /** The room below y; the text never goes past it. */
  height: number;
  /** The size tried first. */
  size: number;
  /** The smallest size tried; past it the text is cut with an ellipsis. */
  minSize?: number;
  /** At most this many lines (1: a line that shrinks, then ends in an ellipsis). */
  maxLines?: number;
  align?: 'left' | 'center' | 'right';
}

export interface FittedText {
  lines: Line[];
  size: number;
  /** The height the lines take. */
  height: number;
  isCut: boolean;
}

/**
 * How the text fits the box: at the largest size from `size` down to `minSize` where every line
 * fits, else at `minSize` with as many lines as fit, the last one ending in an ellipsis.
 */
export function fitText(doc: PDFKit.PDFDocument, text: string, language: Language, box: FitBox): FittedText {
  const pieces = paragraphs(doc, text, language);
  const minSize = Math.min(box.minSize ?? box.size, box.size);
  const linesAllowed = (size: number) =>
    Math.max(1, Math.min(box.maxLines ?? Infinity, Math.floor(box.height / (size * LINE_HEIGHT))));
  const sizes: number[] = [];
  for (let size = box.size; size > minSize; size -= SHRINK_STEP) sizes.push(size);
  sizes.push(minSize);
  for (const size of sizes) {
    const lines = wrapAll(doc, pieces, box.width, size);
    if (lines.length <= linesAllowed(size))
      return { lines, size, height: lines.length * size * LINE_HEIGHT, isCut: false };
  }
  const allowed = linesAllowed(minSize);
  const lines = wrapAll(doc, pieces, box.width, minSize);
  const kept = lines.slice(0, allowed);
  const last = kept.pop() ?? [];
  kept.push(withEllipsis(doc, last, box.width, minSize));
  return { lines: kept, size: minSize, height: kept.length * minSize * LINE_HEIGHT, isCut: true };
}

/** Draws lines laid out by fitText from `box.y`; answers the y below them. */
export function drawFitted(doc: PDFKit.PDFDocument, fitted: FittedText, box: FitBox): number {
  fitted.lines.forEach((line, index) =>
    drawLine(doc, line, box, box.y + index * fitted.size * LINE_HEIGHT, fitted.size),
  );
  return box.y + fitted.height;
}

/** Fits the text into the box and draws it; answers the y below it. */
export function writeFitted(doc: PDFKit.PDFDocument, text: string, language: Language, box: FitBox): number {
  return drawFitted(doc, fitText(doc, text, language, box), box);
}
