// THE chart wrapper of the product (recharts 3): every chart is a <figure> with its caption, and
//  - a text alternative: the same data as a table (a disclosure under the chart, always in the DOM);
//  - keyboard focus: recharts' accessibilityLayer (arrow keys move the tooltip between points);
//  - theme colours read from CSS variables (light and dark), read again when the theme changes;
//  - the x axis mirrored in right-to-left languages (and the value axis on the right).
// Reports use it; role dashboards reuse it (pass `series` with a colour name from CHART_COLORS).
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import classes from './Chart.module.css';

/** Colour names → CSS variables of the theme (Primer's and Opsdesk's). */
export const CHART_COLORS = {
  primary: '--od-primary',
  success: '--fgColor-success',
  danger: '--fgColor-danger',
  attention: '--fgColor-attention',
  muted: '--fgColor-muted',
  grid: '--borderColor-default',
  text: '--fgColor-default',
  surface: '--bgColor-default',
} as const;
export type ChartColor = keyof typeof CHART_COLORS;

const FALLBACK: Record<ChartColor, string> = {
  primary: '#7367f0',
  success: '#1a7f37',
  danger: '#d1242f',
  attention: '#9a6700',
  muted: '#59636e',
  grid: '#d1d9e0',
  text: '#1f2328',
  surface: '#ffffff',
};

function readColors(): Record<ChartColor, string> {
  if (typeof document === 'undefined') return FALLBACK;
  const style = getComputedStyle(document.documentElement);
  const out = { ...FALLBACK };
  for (const [name, variable] of Object.entries(CHART_COLORS) as [ChartColor, string][]) {
    const value = style.getPropertyValue(variable).trim();
    if (value) out[name] = value;
  }
  return out;
}

/** The theme's chart colours, read again whenever <html>'s attributes change (colour mode, skin, primary). */
export function useChartColors(): Record<ChartColor, string> {
  const [colors, setColors] = useState(readColors);
  useEffect(() => {
    const observer = new MutationObserver(() => setColors(readColors()));
    observer.observe(document.documentElement, { attributes: true });
    if (document.body) observer.observe(document.body, { attributes: true, attributeFilter: ['data-color-mode', 'class', 'style'] });
    return () => observer.disconnect();
  }, []);
  return colors;
}

/** Whether the page is right to left (the document's direction). */
export function useRtl(): boolean {
  const read = () => typeof document !== 'undefined' && document.documentElement.dir === 'rtl';
  const [rtl, setRtl] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setRtl(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['dir'] });
    return () => observer.disconnect();
  }, []);
  return rtl;
}

/** A scalar as text (anything else reads as nothing). */
function text(v: unknown): string {
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
  domain?: { first?: [number, number]; second?: [number, number] };
}

export function Chart<T extends object>({ title, summary, data, xKey, xLabel, formatX, series, tableLabel, empty, height = 280, domain }: ChartProps<T>) {
  const colors = useChartColors();
  const rtl = useRtl();
  const captionId = useId();
  const x = (v: unknown) => (formatX ? formatX(v) : text(v));
  const value = (s: ChartSeries<T>, v: unknown) => (s.format ? s.format(typeof v === 'number' ? v : null) : v == null ? '—' : text(v));
  const hasSecond = series.some((s) => s.axis === 'second');
  const rows = data as readonly Record<string, unknown>[];
  return (
    <figure className={classes.figure} aria-labelledby={captionId}>
      <figcaption id={captionId} className={classes.caption}>
        {title}
        {summary && <span className={classes.summary}>{summary}</span>}
      </figcaption>
      {data.length === 0 ? (
        <div className={classes.empty}>{empty}</div>
      ) : (
        <div className={classes.plot} style={{ height }}>
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={rows} accessibilityLayer title={title} desc={summary} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
              <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" />
              <XAxis dataKey={String(xKey)} reversed={rtl} tickFormatter={(v: unknown) => x(v)} stroke={colors.muted} tick={{ fill: colors.text, fontSize: 12 }} />
              <YAxis yAxisId="first" orientation={rtl ? 'right' : 'left'} stroke={colors.muted} tick={{ fill: colors.text, fontSize: 12 }} domain={domain?.first ?? ['auto', 'auto']} />
              {hasSecond && (
                <YAxis yAxisId="second" orientation={rtl ? 'left' : 'right'} stroke={colors.muted} tick={{ fill: colors.text, fontSize: 12 }} domain={domain?.second ?? ['auto', 'auto']} />
              )}
              <Tooltip
                labelFormatter={(v: unknown) => x(v)}
                formatter={(v: unknown, _n: unknown, item: { dataKey?: unknown }) => {
                  const s = series.find((candidate) => candidate.key === item.dataKey);
                  return s ? value(s, v) : text(v);
                }}
                contentStyle={{ background: colors.surface, borderColor: colors.grid, color: colors.text, direction: rtl ? 'rtl' : 'ltr' }}
              />
              <Legend wrapperStyle={{ color: colors.text, direction: rtl ? 'rtl' : 'ltr' }} />
              {series.map((s) =>
                s.kind === 'bar' ? (
                  <Bar key={s.key} dataKey={String(s.key)} name={s.label} yAxisId={s.axis ?? 'first'} fill={colors[s.color]} isAnimationActive={false} />
                ) : (
                  <Line key={s.key} dataKey={String(s.key)} name={s.label} yAxisId={s.axis ?? 'first'} stroke={colors[s.color]} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} connectNulls />
                ),
              )}
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      )}
      {data.length > 0 && (
        <details className={classes.data}>
          <summary>{tableLabel}</summary>
          <div className={classes.scroll}>
            <table className={classes.table}>
              <caption className={classes.srOnly}>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{xLabel}</th>
                  {series.map((s) => (
                    <th key={s.key} scope="col">
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => (
                  <tr key={i}>
                    <th scope="row">{x(row[xKey])}</th>
                    {series.map((s) => (
                      <td key={s.key} dir="ltr">
                        {value(s, row[s.key])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </figure>
  );
}
