// The drawing of a chart (recharts 3), loaded apart from the chart's frame so that a page's first
// load carries only the frame (caption, summary, data table): recharts is about 110 KB gzipped.
// Keyboard focus comes from recharts' accessibilityLayer (arrow keys move the tooltip between points).
// The axes are ours (chart-scale.ts): value axes in round, even steps with room above the largest value,
// and every category keeps its label (side by side, on two lines or slanted; a `sideways` chart whose
// labels would not all fit that way turns on its side, a label a line).
import { useMemo, useState } from 'react';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  type XAxisTickContentProps,
  YAxis,
  type YAxisTickContentProps,
} from 'recharts';
import {
  fixedAxis,
  layoutSideLabels,
  layoutXLabels,
  niceAxis,
  SIDE_ROW,
  type ValueAxis,
  type XLabels,
} from './chart-scale.ts';
import { useChartColors, useRtl } from './chart-theme.ts';
import { asText, type ChartProps, type ChartSeries } from './chart-types.ts';

export interface ChartPlotProps<T extends object>
  extends Pick<ChartProps<T>, 'title' | 'summary' | 'xKey' | 'series' | 'domain' | 'axisFormat' | 'sideways'> {
  /** The frame's height in pixels; a chart turned on its side may grow beyond it. */
  height: number;
  rows: readonly Record<string, unknown>[];
  x: (value: unknown) => string;
  value: (series: ChartSeries<T>, value: unknown) => string;
}

const FONT_SIZE = 12;
/** recharts' own width of a value axis, and the chart's margin on each side. */
const Y_AXIS_WIDTH = 60;
const MARGIN = 8;
/** A value axis's height, and the legend's under the plot. */
const X_AXIS_HEIGHT = 30;
const LEGEND_HEIGHT = 36;
/** The share of a sideways chart's width its category labels may take at most. */
const SIDE_LABEL_SHARE = 0.4;

let canvas: CanvasRenderingContext2D | null | undefined;
/** How wide a text is in pixels at the axis's font size, in the page's font. */
function measurer(): (text: string) => number {
  canvas ??= document.createElement('canvas').getContext('2d');
  const context = canvas;
  if (!context) return (text) => text.length * FONT_SIZE * 0.6;
  context.font = `${FONT_SIZE}px ${getComputedStyle(document.body).fontFamily}`;
  return (text) => context.measureText(text).width;
}

/** One value axis: fixed by the chart, or made to fit the values of its series. */
function valueAxis<T extends object>(
  rows: readonly Record<string, unknown>[],
  series: ChartSeries<T>[],
  fixed: [number, number] | undefined,
): ValueAxis {
  if (fixed) return fixedAxis(fixed);
  return niceAxis(
    rows.flatMap((row) => series.map((s) => row[s.key])).filter((v): v is number => typeof v === 'number'),
  );
}

export default function ChartPlot<T extends object>({
  title,
  summary,
  height,
  rows,
  xKey,
  x,
  value,
  series,
  domain,
  axisFormat,
  sideways = false,
}: ChartPlotProps<T>) {
  const colors = useChartColors();
  const rtl = useRtl();
  const [width, setWidth] = useState(0);
  const onFirst = series.filter((s) => (s.axis ?? 'first') === 'first');
  const onSecond = series.filter((s) => s.axis === 'second');
  const first = valueAxis(rows, onFirst, domain?.first);
  const second = valueAxis(rows, onSecond, domain?.second);
  const hasSecond = onSecond.length > 0;
  const texts = rows.map((row) => x(row[xKey]));
  const key = texts.join('\u0000');
  const labels = useMemo<XLabels>(() => {
    const all = key ? key.split('\u0000') : [];
    const plot = width - 2 * MARGIN - Y_AXIS_WIDTH * (hasSecond ? 2 : 1);
    return plot > 0 && all.length > 0
      ? layoutXLabels(all, plot / all.length, measurer())
      : { mode: 'flat', lines: all.map((t) => [t]), step: 1, height: 30, whole: true };
  }, [key, width, hasSecond]);
  const turned = sideways && !labels.whole;
  const firstFormat = axisFormat?.first;
  const secondFormat = axisFormat?.second;
  const firstTop = first.ticks.at(-1) ?? 0;
  const secondTop = second.ticks.at(-1) ?? 0;
  const side = useMemo(() => {
    if (!turned) return null;
    const measure = measurer();
    // The top value's tick label is centred on the far end of its axis: half of it needs room beyond.
    const top = (n: number, format?: (v: number) => string) => measure(format ? format(n) : String(n));
    const overhang = Math.ceil(Math.max(top(firstTop, firstFormat), hasSecond ? top(secondTop, secondFormat) : 0) / 2);
    return { ...layoutSideLabels(key.split('\u0000'), width * SIDE_LABEL_SHARE, measure), overhang };
  }, [turned, key, width, firstTop, secondTop, firstFormat, secondFormat, hasSecond]);
  const slant = rtl ? 45 : -45;
  /** What the value axes share, below or beside the chart: colours, ticks and their words. */
  const valueAxisProps = (scale: ValueAxis, format: ((v: number) => string) | undefined) => ({
    stroke: colors.muted,
    tick: { fill: colors.text, fontSize: FONT_SIZE, direction: 'ltr' },
    domain: scale.domain,
    ticks: scale.ticks,
    interval: 0,
    tickFormatter: format,
  });
  const tooltip = (
    <Tooltip
      labelFormatter={(v: unknown) => x(v)}
      formatter={(v: unknown, _n: unknown, item: { dataKey?: unknown }) => {
        const s = series.find((candidate) => candidate.key === item.dataKey);
        return s ? value(s, v) : asText(v);
      }}
      contentStyle={{
        background: colors.surface,
        borderColor: colors.grid,
        color: colors.text,
        direction: rtl ? 'rtl' : 'ltr',
      }}
    />
  );
  const legend = <Legend wrapperStyle={{ color: colors.text, direction: rtl ? 'rtl' : 'ltr' }} />;
  // Each series on its value axis: a y axis, or an x axis when the chart is on its side.
  const marks = (onSide: boolean) =>
    series.map((s) =>
      s.kind === 'bar' ? (
        <Bar
          key={s.key}
          dataKey={String(s.key)}
          name={s.label}
          xAxisId={onSide ? (s.axis ?? 'first') : undefined}
          yAxisId={onSide ? undefined : (s.axis ?? 'first')}
          fill={colors[s.color]}
          isAnimationActive={false}
        />
      ) : (
        <Line
          key={s.key}
          dataKey={String(s.key)}
          name={s.label}
          xAxisId={onSide ? (s.axis ?? 'first') : undefined}
          yAxisId={onSide ? undefined : (s.axis ?? 'first')}
          stroke={colors[s.color]}
          strokeWidth={2}
          dot={{ r: 3 }}
          isAnimationActive={false}
          connectNulls
        />
      ),
    );

  if (side) {
    // On its side: the categories down the start edge (the right in Arabic), the first value axis under
    // the bars and the second above them, both running from the start edge.
    const tall = rows.length * SIDE_ROW + X_AXIS_HEIGHT * (hasSecond ? 2 : 1) + LEGEND_HEIGHT + 2 * MARGIN;
    return (
      <ResponsiveContainer width="100%" height={Math.max(height, tall)} onResize={(w) => setWidth(w)}>
        <ComposedChart
          layout="vertical"
          data={rows}
          accessibilityLayer
          title={title}
          desc={summary}
          margin={{
            top: MARGIN,
            right: MARGIN + (rtl ? 0 : side.overhang),
            bottom: MARGIN,
            left: MARGIN + (rtl ? side.overhang : 0),
          }}
        >
          <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" />
          <YAxis
            type="category"
            dataKey={String(xKey)}
            orientation={rtl ? 'right' : 'left'}
            width={side.width}
            interval={0}
            stroke={colors.muted}
            tick={({ x: at, y, index }: YAxisTickContentProps) => (
              <text
                className="recharts-cartesian-axis-tick-value"
                x={Number(at)}
                y={Number(y)}
                direction={rtl ? 'rtl' : 'ltr'}
                textAnchor="end"
                dy="0.35em"
                fill={colors.text}
                fontSize={FONT_SIZE}
              >
                {side.labels[index] ?? ''}
              </text>
            )}
          />
          <XAxis
            xAxisId="first"
            type="number"
            orientation="bottom"
            reversed={rtl}
            height={X_AXIS_HEIGHT}
            {...valueAxisProps(first, firstFormat)}
          />
          {hasSecond && (
            <XAxis
              xAxisId="second"
              type="number"
              orientation="top"
              reversed={rtl}
              height={X_AXIS_HEIGHT}
              {...valueAxisProps(second, secondFormat)}
            />
          )}
          {tooltip}
          {legend}
          {marks(true)}
        </ComposedChart>
      </ResponsiveContainer>
    );
  }

  return (
    <ResponsiveContainer width="100%" height={height} onResize={(w) => setWidth(w)}>
      <ComposedChart
        data={rows}
        accessibilityLayer
        title={title}
        desc={summary}
        margin={{ top: MARGIN, right: MARGIN, bottom: MARGIN, left: MARGIN }}
      >
        <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" />
        <XAxis
          dataKey={String(xKey)}
          reversed={rtl}
          interval={0}
          height={labels.height}
          stroke={colors.muted}
          tick={({ x: at, y, index }: XAxisTickContentProps) => {
            const lines = labels.lines[index] ?? [];
            if (lines.length === 0) return <g />;
            return (
              <g transform={`translate(${Number(at)},${Number(y)})`}>
                {labels.mode === 'slant' ? (
                  <text
                    className="recharts-cartesian-axis-tick-value"
                    transform={`rotate(${slant})`}
                    direction={rtl ? 'rtl' : 'ltr'}
                    textAnchor="end"
                    dy="0.35em"
                    fill={colors.text}
                    fontSize={FONT_SIZE}
                  >
                    {lines[0]}
                  </text>
                ) : (
                  <text
                    className="recharts-cartesian-axis-tick-value"
                    textAnchor="middle"
                    fill={colors.text}
                    fontSize={FONT_SIZE}
                  >
                    {lines.map((line, i) => (
                      <tspan key={i} x={0} dy={i === 0 ? '0.71em' : '1.2em'}>
                        {line}
                      </tspan>
                    ))}
                  </text>
                )}
              </g>
            );
          }}
        />
        <YAxis yAxisId="first" orientation={rtl ? 'right' : 'left'} {...valueAxisProps(first, firstFormat)} />
        {hasSecond && (
          <YAxis yAxisId="second" orientation={rtl ? 'left' : 'right'} {...valueAxisProps(second, secondFormat)} />
        )}
        {tooltip}
        {legend}
        {marks(false)}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
