// The arithmetic of a chart's axes, apart from the drawing so it can be tested without a browser:
// value-axis ticks that are round and evenly spaced, and how the category labels under the x axis fit
// (side by side, on two lines, or slanted) so that every bar keeps its label, or down the side of a
// chart turned on its side.

/** Steps an axis may count in, per power of ten (2.5 only where the values may have decimals or step ≥ 25). */
const NICE = [1, 2, 2.5, 5] as const;
/** Fewest and most intervals between ticks; five is the aim. */
const MIN_INTERVALS = 2;
const MAX_INTERVALS = 6;
const AIM = 5;
/** Room kept above the largest value: its bar or point never touches the top of the plot. */
export const HEADROOM = 0.05;

export interface ValueAxis {
  domain: [number, number];
  ticks: number[];
}

/** Removes the binary noise of multiplying decimals (0.30000000000000004 -> 0.3). */
const clean = (n: number) => Number.parseFloat(n.toPrecision(12));

function candidateSteps(span: number, integer: boolean): number[] {
  const steps: number[] = [];
  const top = Math.floor(Math.log10(span));
  for (let power = top - 2; power <= top + 1; power++) {
    for (const m of NICE) {
      const step = clean(m * 10 ** power);
      if (integer && !Number.isInteger(step)) continue;
      steps.push(step);
    }
  }
  return steps;
}

/** The ticks from `lo` to `hi` by `step` (both multiples of it). */
function ticksBy(lo: number, hi: number, step: number): number[] {
  const out: number[] = [];
  for (let i = 0; clean(lo + i * step) <= hi; i++) out.push(clean(lo + i * step));
  return out;
}

/**
 * A value axis over `values`: from zero (or below it, for negative values) to a round top at least
 * HEADROOM above the largest value, with 3 to 7 evenly spaced ticks in round steps (1, 2, 2.5 or 5 times
 * a power of ten; whole steps when every value is whole).
 */
export function niceAxis(values: readonly number[]): ValueAxis {
  const finite = values.filter((v) => Number.isFinite(v));
  const integer = finite.every((v) => Number.isInteger(v));
  const max = Math.max(0, ...finite);
  const min = Math.min(0, ...finite);
  if (max === 0 && min === 0) return { domain: [0, 1], ticks: integer ? [0, 1] : [0, 0.25, 0.5, 0.75, 1] };
  const high = max > 0 ? max * (1 + HEADROOM) : 0;
  const low = min < 0 ? min * (1 + HEADROOM) : 0;
  let best: { lo: number; hi: number; step: number; n: number } | null = null;
  for (const step of candidateSteps(high - low, integer)) {
    const lo = clean(Math.floor(low / step) * step);
    const hi = clean(Math.ceil(high / step) * step);
    const n = Math.round((hi - lo) / step);
    if (n < MIN_INTERVALS || n > MAX_INTERVALS) continue;
    const better =
      !best ||
      hi - lo < best.hi - best.lo - 1e-9 ||
      (Math.abs(hi - lo - (best.hi - best.lo)) < 1e-9 && Math.abs(n - AIM) < Math.abs(best.n - AIM));
    if (better) best = { lo, hi, step, n };
  }
  // Some round step always gives 2 to 6 intervals; the two ends alone otherwise.
  if (!best) return { domain: [low, high], ticks: [low, high] };
  return { domain: [best.lo, best.hi], ticks: ticksBy(best.lo, best.hi, best.step) };
}

/**
 * Round, evenly spaced ticks over a range the chart fixes itself (0-100 for scores, 0-1 for rates): the
 * round step dividing it into the number of intervals nearest five; its two ends when none does.
 */
export function fixedAxis([lo, hi]: readonly [number, number]): ValueAxis {
  const span = hi - lo;
  if (!(span > 0)) return { domain: [lo, hi], ticks: [lo] };
  let best: { step: number; n: number } | null = null;
  for (const step of candidateSteps(span, false)) {
    const n = span / step;
    if (Math.abs(n - Math.round(n)) > 1e-9 || n < MIN_INTERVALS || n > MAX_INTERVALS) continue;
    if (Math.abs(lo / step - Math.round(lo / step)) > 1e-9) continue;
    if (!best || Math.abs(n - AIM) < Math.abs(best.n - AIM)) best = { step, n: Math.round(n) };
  }
  return { domain: [lo, hi], ticks: best ? ticksBy(lo, hi, best.step) : [lo, hi] };
}

/** How the category labels sit under the x axis. */
export interface XLabels {
  /** `flat`: one line each; `wrap`: up to two lines each; `slant`: turned 45 degrees. */
  mode: 'flat' | 'wrap' | 'slant';
  /**
   * Each label's lines (one line when slanted; shortened with "…" when longer than SLANT_MAX). None for
   * the labels left out when even slanted ones would touch: every `step`-th is kept, from the first.
   */
  lines: string[][];
  step: number;
  /** The height the axis needs for them, in pixels. */
  height: number;
  /** Whether every label shows, each whole (none left out, none shortened). */
  whole: boolean;
}

/** Space kept between two neighbouring labels. */
const GAP = 6;
/** The longest slanted label, in pixels; longer ones are shortened (the data table has them whole). */
export const SLANT_MAX = 120;
const LINE = 14;
/** The least distance between two slanted labels, across their lines: a 12 px line and a little air. */
const SLANT_SPACING = 14;

/** `text` broken at spaces into lines no wider than `room`, or null when a word alone is wider. */
function wrapped(text: string, room: number, measure: (s: string) => number): string[] | null {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && measure(`${last} ${word}`) <= room) lines[lines.length - 1] = `${last} ${word}`;
    else if (measure(word) <= room) lines.push(word);
    else return null;
  }
  return lines;
}

function shortened(text: string, room: number, measure: (s: string) => number): string {
  if (measure(text) <= room) return text;
  let end = text.length;
  while (end > 1 && measure(`${text.slice(0, end).trimEnd()}…`) > room) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

/**
 * How `labels` fit bands of `band` pixels each: side by side when each fits its band, on at most two
 * lines when each fits so, else slanted (every one while slanted lines keep apart, as on a dashboard at
 * 1440 px; on a phone's twelve weeks, every second or third). `measure` gives a text's width in pixels.
 */
export function layoutXLabels(labels: readonly string[], band: number, measure: (s: string) => number): XLabels {
  const room = band - GAP;
  if (labels.every((l) => measure(l) <= room)) {
    return { mode: 'flat', lines: labels.map((l) => [l]), step: 1, height: 30, whole: true };
  }
  const lines = labels.map((l) => wrapped(l, room, measure));
  if (lines.every((l) => l !== null && l.length <= 2)) {
    return { mode: 'wrap', lines: lines as string[][], step: 1, height: 30 + LINE, whole: true };
  }
  // Slanted 45 degrees, neighbours are band × sin 45° apart across their lines.
  const step = Math.max(1, Math.ceil(SLANT_SPACING / (band * Math.SQRT1_2)));
  const slanted = labels.map((l, i) => (i % step === 0 ? [shortened(l, SLANT_MAX, measure)] : []));
  const longest = Math.max(...slanted.flat().map(measure));
  const whole = step === 1 && labels.every((l) => measure(l) <= SLANT_MAX);
  return { mode: 'slant', lines: slanted, step, height: Math.ceil(longest * Math.SQRT1_2 + LINE) + 12, whole };
}

/** A sideways chart's row per category, in pixels: a 12 px label and room around its bar. */
export const SIDE_ROW = 28;
/** Between a sideways label and its axis line: recharts' tick (6 px) and margin (2 px), and some air. */
const SIDE_GAP = 14;

/** The category axis of a chart turned on its side: each label on its line, the axis as wide as they need. */
export interface SideLabels {
  /** Each label, shortened with "…" only when wider than `room`. */
  labels: string[];
  /** The axis's width in pixels. */
  width: number;
}

/**
 * How `labels` sit down the start edge of a sideways chart, given at most `room` pixels for the widest
 * (the rest is the bars'): whole when they fit, shortened with "…" beyond.
 */
export function layoutSideLabels(labels: readonly string[], room: number, measure: (s: string) => number): SideLabels {
  const widest = Math.max(0, ...labels.map(measure));
  return {
    labels: labels.map((l) => shortened(l, room, measure)),
    width: Math.ceil(Math.min(widest, room)) + SIDE_GAP,
  };
}
