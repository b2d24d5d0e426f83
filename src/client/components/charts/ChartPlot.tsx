// The drawing of a chart (recharts 3), loaded apart from the chart's frame so that a page's first
// load carries only the frame (caption, summary, data table): recharts is about 110 KB gzipped.
// Keyboard focus comes from recharts' accessibilityLayer (arrow keys move the tooltip between points).
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartColors, useRtl } from './chart-theme.ts';
import { asText, type ChartProps, type ChartSeries } from './chart-types.ts';

export interface ChartPlotProps<T extends object>
  extends Pick<ChartProps<T>, 'title' | 'summary' | 'xKey' | 'series' | 'domain'> {
  rows: readonly Record<string, unknown>[];
  x: (value: unknown) => string;
  value: (series: ChartSeries<T>, value: unknown) => string;
}

export default function ChartPlot<T extends object>({
  title,
  summary,
  rows,
  xKey,
  x,
  value,
  series,
  domain,
}: ChartPlotProps<T>) {
  const colors = useChartColors();
  const rtl = useRtl();
  const hasSecond = series.some((s) => s.axis === 'second');
  // Value axes start at zero unless the chart says otherwise: bars and counts drawn from an automatic
  // minimum exaggerate small differences. Negative values still extend the axis below zero.
  const fromZero: [number, 'auto'] = [0, 'auto'];
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart
        data={rows}
        accessibilityLayer
        title={title}
        desc={summary}
        margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
      >
        <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" />
        <XAxis
          dataKey={String(xKey)}
          reversed={rtl}
          tickFormatter={(v: unknown) => x(v)}
          stroke={colors.muted}
          tick={{ fill: colors.text, fontSize: 12 }}
        />
        <YAxis
          yAxisId="first"
          orientation={rtl ? 'right' : 'left'}
          stroke={colors.muted}
          tick={{ fill: colors.text, fontSize: 12 }}
          domain={domain?.first ?? fromZero}
        />
        {hasSecond && (
          <YAxis
            yAxisId="second"
            orientation={rtl ? 'left' : 'right'}
            stroke={colors.muted}
            tick={{ fill: colors.text, fontSize: 12 }}
            domain={domain?.second ?? fromZero}
          />
        )}
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
        <Legend wrapperStyle={{ color: colors.text, direction: rtl ? 'rtl' : 'ltr' }} />
        {series.map((s) =>
          s.kind === 'bar' ? (
            <Bar
              key={s.key}
              dataKey={String(s.key)}
              name={s.label}
              yAxisId={s.axis ?? 'first'}
              fill={colors[s.color]}
              isAnimationActive={false}
            />
          ) : (
            <Line
              key={s.key}
              dataKey={String(s.key)}
              name={s.label}
              yAxisId={s.axis ?? 'first'}
              stroke={colors[s.color]}
              strokeWidth={2}
              dot={{ r: 3 }}
              isAnimationActive={false}
              connectNulls
            />
          ),
        )}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
