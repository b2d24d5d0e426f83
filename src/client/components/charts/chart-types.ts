// The chart's props, shared by its frame (Chart.tsx) and its drawing (ChartPlot.tsx).
import type { ReactNode } from 'react';
import type { ChartColor } from './chart-theme.ts';

/** A scalar as text (anything else reads as nothing). */
export function asText(v: unknown): string {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

export interface ChartSeries<T> {
  key: keyof T & string;
  label: string;
  color: ChartColor;
  kind?: 'line' | 'bar';
  /** Which value axis: the first (default) or the second (e.g. rates beside scores). */
  axis?: 'first' | 'second';
  /** How a value reads in the tooltip and the data table. */
  format?: (value: number | null) => string;
}

export interface ChartProps<T extends object> {
  /** The caption (visible), also the chart's accessible name. */
  title: string;
  /**
   * The card around the chart already shows `title` as its heading: the caption then names the figure
   * for screen readers only, so the title is not read on screen twice.
   */
  titleShown?: boolean;
  /** One sentence saying what the chart shows (read by screen readers and shown under the caption). */
  summary?: string;
  data: readonly T[];
  xKey: keyof T & string;
  xLabel: string;
  formatX?: (value: unknown) => string;
  series: ChartSeries<T>[];
  /** The disclosure's label, e.g. "Show the data as a table". */
  tableLabel: string;
  /** Shown instead of the chart when `data` is empty. */
  empty?: ReactNode;
  height?: number;
  /** A value axis's fixed range (0-100 for scores); without it, the axis fits its values with room above. */
  domain?: { first?: [number, number]; second?: [number, number] };
  /** How a value axis's ticks read (percent for rates stored as 0-1); plain numbers without it. */
  axisFormat?: { first?: (value: number) => string; second?: (value: number) => string };
  /**
   * For categories without an order of their own (countries, warnings), not for time: when their labels
   * would not all fit under the x axis even slanted (a phone), the chart turns on its side — categories
   * down its start edge, one label a line, each whole; bars and values across — and grows as tall as
   * they need.
   */
  sideways?: boolean;
}
