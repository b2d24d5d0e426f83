// Text in the PDFs the server draws (inspection reports, invoices), in any of the product's languages and in any mix of scripts: each
// paragraph is split into pieces of one font and one bidi embedding level (bidi-js runs the Unicode
// bidirectional algorithm over the whole paragraph), wrapped at spaces, and each line's pieces are
// put in visual order (UAX #9 rule L2) and placed one by one. Arabic pieces go to Noto Sans Arabic in
// logical order: fontkit (inside pdfkit) shapes them (joining forms, lam-alef) and lays the glyphs out
// right to left; neutral pieces inside right-to-left text (":", "(") are reversed and mirrored here.
// Pieces are drawn in logical order at their visual positions, so a text extractor reads them back in
// reading order. Fonts are the product's Public Sans (Latin, Latin Extended) and Noto Sans Arabic
// (WOFF files from @fontsource, which fontkit reads). Scripts outside these fonts (CJK…) are not covered.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import bidiModule, { type Bidi } from 'bidi-js';
import type PDFDocument from 'pdfkit';
import { lazyRequire } from '../lazy.ts';

const require = createRequire(import.meta.url);

/** pdfkit's document class, loaded by the first PDF drawn. */
export const pdfkit = lazyRequire<typeof PDFDocument>('pdfkit');
const fontFile = (pkg: string, file: string) => require.resolve(`@fontsource/${pkg}/files/${file}`);

const FONT_FILES = {
  latin: fontFile('public-sans', 'public-sans-latin-400-normal.woff'),
  'latin-bold': fontFile('public-sans', 'public-sans-latin-700-normal.woff'),
  'latin-ext': fontFile('public-sans', 'public-sans-latin-ext-400-normal.woff'),
  'latin-ext-bold': fontFile('public-sans', 'public-sans-latin-ext-700-normal.woff'),
  arabic: fontFile('noto-sans-arabic', 'noto-sans-arabic-arabic-400-normal.woff'),
  'arabic-bold': fontFile('noto-sans-arabic', 'noto-sans-arabic-arabic-700-normal.woff'),
} as const;
type FontName = keyof typeof FONT_FILES;
type Family = 'latin' | 'latin-ext' | 'arabic';

// bidi-js is CommonJS whose typings declare an ES default export: Node hands over module.exports (the factory).
const bidiFactory = ((bidiModule as unknown as { default?: () => Bidi }).default ??
  bidiModule) as unknown as () => Bidi;
const bidi = bidiFactory();

let fontBytes: [string, Buffer][] | undefined;

/** Register the report's fonts in `doc` (their files are read once per process). */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  fontBytes ??= Object.entries(FONT_FILES).map(([name, file]) => [name, fs.readFileSync(file)]);
  for (const [name, bytes] of fontBytes) doc.registerFont(name, bytes);
}

function isArabic(cp: number): boolean {
  return (
    (cp >= 0x0600 && cp <= 0x06ff) ||
    (cp >= 0x0750 && cp <= 0x077f) ||
    (cp >= 0x0870 && cp <= 0x08ff) ||
    (cp >= 0xfb50 && cp <= 0xfdff) ||
    (cp >= 0xfe70 && cp <= 0xfeff)
  );
}

function isLatinExt(cp: number): boolean {
  return (
    (cp >= 0x0100 && cp <= 0x024f) ||
    (cp >= 0x1e00 && cp <= 0x1eff) ||
    (cp >= 0x2c60 && cp <= 0x2c7f) ||
    (cp >= 0xa720 && cp <= 0xa7ff)
  );
}

function familyOf(ch: string): Family {
  const cp = ch.codePointAt(0) ?? 0;
  if (isArabic(cp)) return 'arabic';
  if (isLatinExt(cp)) return 'latin-ext';
  return 'latin';
}

function fontName(family: Family, bold: boolean): FontName {
  return bold ? `${family}-bold` : family;
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

interface Piece {
  text: string;
  family: Family;
  level: number;
  space: boolean;
  width: number;
}

const BIDI_CONTROLS = /^[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]$/;

/** Characters by code point (surrogate pairs kept whole), with their UTF-16 offset. */
function characters(text: string): { ch: string; at: number }[] {
  const out: { ch: string; at: number }[] = [];
  let at = 0;
  for (const ch of text) {
    out.push({ ch, at });
    at += ch.length;
  }
  return out;
}

/**
 * Arabic is shaped without `ccmp`: Noto Sans Arabic's ccmp splits dotted letters into a dotless
 * letter and a dot glyph that maps to no character, which breaks copying and extracting the text;
 * the precomposed letters it draws instead look the same. Joining forms and ligatures stay on.
 */
function featuresOf(family: Family): { features?: PDFKit.Mixins.OpenTypeFeatures[] } {
  return family === 'arabic' ? { features: { ccmp: false } as never } : {};
}

/** Widths at 1 pt by font and text: the same fonts for every document, so kept for the process (bounded). */
const widths = new Map<string, number>();

function measure(doc: PDFKit.PDFDocument, piece: Omit<Piece, 'width'>, style: TextStyle): number {
  const font = fontName(piece.family, style.bold ?? false);
  const key = `${font}\u0000${piece.text}`;
  let unit = widths.get(key);
  if (unit === undefined) {
    unit = doc.font(font).fontSize(1).widthOfString(piece.text, featuresOf(piece.family));
    if (widths.size > 50_000) widths.clear();
    widths.set(key, unit);
  }
  return unit * style.size;
}

/** The paragraph's pieces in logical order: one font, one level, a word or a run of spaces each. */
function pieces(doc: PDFKit.PDFDocument, text: string, direction: 'ltr' | 'rtl' | 'auto', style: TextStyle): Piece[] {
  const { levels } = bidi.getEmbeddingLevels(text, direction === 'auto' ? undefined : direction);
  const out: Omit<Piece, 'width'>[] = [];
  for (const { ch, at } of characters(text)) {
    // Directional marks (Intl puts them in Arabic dates) did their work in the levels; they have no glyph.
    if (BIDI_CONTROLS.test(ch)) continue;
    const space = /\s/.test(ch);
    const family = familyOf(ch);
    const level = levels[at] ?? (direction === 'rtl' ? 1 : 0);
    const last = out[out.length - 1];
    if (last && last.space === space && last.family === family && last.level === level) last.text += space ? ' ' : ch;
    else out.push({ text: space ? ' ' : ch, family, level, space });
  }
  return out.map((p) => ({ ...p, width: measure(doc, p, style) }));
}

/** Break a piece too wide for a line into pieces that fit (long codes, URLs). */
function splitWide(doc: PDFKit.PDFDocument, piece: Piece, width: number, style: TextStyle): Piece[] {
  if (piece.width <= width || piece.space) return [piece];
  const chars = [...piece.text];
  const out: Piece[] = [];
  let current = '';
  for (const ch of chars) {
    const next = current + ch;
    if (current && measure(doc, { ...piece, text: next }, style) > width) {
      out.push({ ...piece, text: current, width: measure(doc, { ...piece, text: current }, style) });
      current = ch;
    } else current = next;
  }
  if (current) out.push({ ...piece, text: current, width: measure(doc, { ...piece, text: current }, style) });
  return out;
}

/** Wrap pieces into lines no wider than `width`, breaking at spaces; spaces at a line's ends are dropped. */
function wrap(doc: PDFKit.PDFDocument, all: Piece[], width: number, style: TextStyle): Piece[][] {
  const lines: Piece[][] = [];
  let line: Piece[] = [];
  let lineWidth = 0;
  // Words: non-space pieces glued together (a word may hold several fonts: "العميل:").
  const words: Piece[][] = [];
  let word: Piece[] = [];
  for (const piece of all) {
    if (piece.space) {
      if (word.length) words.push(word);
      words.push([piece]);
      word = [];
    } else word.push(piece);
  }
  if (word.length) words.push(word);
  const trim = (l: Piece[]) => {
    while (l.length && l[l.length - 1].space) l.pop();
    while (l.length && l[0].space) l.shift();
    return l;
  };
  for (const w of words) {
    const wWidth = w.reduce((s, p) => s + p.width, 0);
    if (w[0].space) {
      if (line.length) {
        line.push(...w);
        lineWidth += wWidth;
      }
      continue;
    }
    const trailing = line
      .filter((p, i) => p.space && line.slice(i).every((q) => q.space))
      .reduce((s, p) => s + p.width, 0);
    if (line.length && lineWidth - trailing + wWidth > width) {
      lines.push(trim(line));
      line = [];
      lineWidth = 0;
    }
    if (wWidth > width) {
      for (const part of w.flatMap((p) => splitWide(doc, p, width, style))) {
        if (line.length && lineWidth + part.width > width) {
          lines.push(trim(line));
          line = [];
          lineWidth = 0;
        }
        line.push(part);
        lineWidth += part.width;
      }
    } else {
      line.push(...w);
      lineWidth += wWidth;
    }
  }
  if (line.length) lines.push(trim(line));
  return lines.filter((l) => l.length);
}

/** UAX #9 L2: reverse every run of pieces at or above each level, from the highest down to the lowest odd one. */
function visualOrder(line: Piece[]): Piece[] {
  const order = [...line];
  const levels = order.map((p) => p.level);
  const max = Math.max(...levels);
  const minOdd = Math.min(...levels.map((l) => (l % 2 ? l : l + 1)));
  for (let level = max; level >= minOdd; level--) {
    let i = 0;
    while (i < order.length) {
      if (order[i].level >= level) {
        let j = i;
        while (j < order.length && order[j].level >= level) j++;
        const reversed = order.slice(i, j).reverse();
        order.splice(i, j - i, ...reversed);
        i = j;
      } else i++;
    }
  }
  return order;
}

/** What is drawn for a piece: right-to-left neutrals (not shaped by fontkit) reversed and mirrored. */
function drawnText(piece: Piece): string {
  if (piece.level % 2 === 0 || piece.family === 'arabic') return piece.text;
  return [...piece.text]
    .reverse()
    .map((ch) => bidi.getMirroredCharacter(ch) ?? ch)
    .join('');
}

export interface ParagraphBox {
  x: number;
  width: number;
  rtl: boolean;
  /** 'start' (the language's side, default), 'end' or 'center'. */
  align?: 'start' | 'end' | 'center';
  lineGap?: number;
  /**
   * The paragraph's own direction: 'auto' (its first strong character, for user content, like
   * `dir="auto"`) or the document's (default). Alignment follows `rtl` either way.
   */
  dir?: 'auto';
}

/** The lines of a paragraph and the height it takes (for page breaks before drawing). */
export function layoutParagraph(
  doc: PDFKit.PDFDocument,
  text: string,
  box: ParagraphBox,
  style: TextStyle,
): { lines: Piece[][]; height: number } {
  const clean = text.replace(/\r\n?/g, '\n');
  const lines = clean.split('\n').flatMap((part) => {
    const wrapped = wrap(doc, pieces(doc, part, box.dir ?? (box.rtl ? 'rtl' : 'ltr'), style), box.width, style);
    return wrapped.length ? wrapped : [[]];
  });
  return { lines, height: lines.length * lineHeight(style, box) };
}

export function lineHeight(style: TextStyle, box?: Pick<ParagraphBox, 'lineGap'>): number {
  return style.size * 1.5 + (box?.lineGap ?? 0);
}

/** Draw laid-out lines from `y`; returns the y below them. */
export function drawLines(
  doc: PDFKit.PDFDocument,
  lines: Piece[][],
  y: number,
  box: ParagraphBox,
  style: TextStyle,
): number {
  const step = lineHeight(style, box);
  doc.fillColor(style.color ?? '#1f2328');
  for (const line of lines) {
    const lineWidth = line.reduce((s, p) => s + p.width, 0);
    const align = box.align ?? 'start';
    const free = box.width - lineWidth;
    const startsRight = (align === 'start' && box.rtl) || (align === 'end' && !box.rtl);
    let x = box.x + (align === 'center' ? free / 2 : startsRight ? free : 0);
    const placed = new Map<Piece, number>();
    for (const piece of visualOrder(line)) {
      placed.set(piece, x);
      x += piece.width;
    }
    // Logical order, so that text extraction reads the line as it is meant to be read; a space joins
    // the word before it at the same level (a right-to-left word's following space is on its left),
    // so extractors see the spaces between words.
    const groups: { piece: Piece; text: string; x: number }[] = [];
    for (const piece of line) {
      const x = placed.get(piece) ?? box.x;
      const last = groups[groups.length - 1];
      if (piece.space && last && last.piece.level === piece.level) {
        last.text += piece.text;
        if (piece.level % 2) last.x = x;
      } else groups.push({ piece, text: piece.text, x });
    }
    for (const { piece, text, x } of groups) {
      doc
        .font(fontName(piece.family, style.bold ?? false))
        .fontSize(style.size)
        // On one baseline whatever the font's ascent (Noto Sans Arabic's is taller than Public Sans').
        .text(drawnText({ ...piece, text }), x, y + style.size * 1.1, {
          lineBreak: false,
          baseline: 'alphabetic',
          ...featuresOf(piece.family),
        });
    }
    y += step;
  }
  return y;
}

export type { PDFDocument };
