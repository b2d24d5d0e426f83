// THE chart wrapper of the product (recharts 3): every chart is a <figure> with its caption, and
//  - a text alternative: the same data as a table (a disclosure under the chart, always in the DOM);
//  - keyboard focus: recharts' accessibilityLayer (arrow keys move the tooltip between points);
//  - theme colours read from CSS variables (light and dark), read again when the theme changes;
//  - the x axis mirrored in right-to-left languages (and the value axis on the right);
//  - on request (`sideways`), categories down the side when their labels would not all fit under the chart.
// The drawing loads apart (ChartPlot.tsx). Reports use it; role dashboards reuse it (pass `series` with a colour name from CHART_COLORS).
import { lazy, Suspense, useId } from 'react';
import type ChartPlotComponent from './ChartPlot.tsx';
import { asText, type ChartProps, type ChartSeries } from './chart-types.ts';
import classes from './Chart.module.css';

export { CHART_COLORS, type ChartColor, useChartColors, useRtl } from './chart-theme.ts';
export type { ChartProps, ChartSeries } from './chart-types.ts';

// The drawing (recharts) starts loading with this module, beside the page's data, but is not part of
// the page's first load; until it arrives the frame, caption and data table are there.
const plotModule = import('./ChartPlot.tsx');
// `lazy` drops the plot's generic props, hence the cast back to its own type.
const ChartPlot = lazy(() => plotModule) as unknown as typeof ChartPlotComponent;

export function Chart<T extends object>({
  title,
  titleShown = true,
  summary,
  data,
  xKey,
  xLabel,
  formatX,
  series,
  tableLabel,
  empty,
  height = 280,
  domain,
  axisFormat,
  sideways,
}: ChartProps<T>) {
  const captionId = useId();
  const x = (v: unknown) => (formatX ? formatX(v) : asText(v));
  const value = (s: ChartSeries<T>, v: unknown) =>
    s.format ? s.format(typeof v === 'number' ? v : null) : v == null ? '—' : asText(v);
  const rows = data as readonly Record<string, unknown>[];
  return (
    <figure className={classes.figure} aria-labelledby={captionId}>
      <figcaption id={captionId} className={classes.caption}>
        {titleShown ? title : <span className={classes.srOnly}>{title}</span>}
        {summary && <span className={classes.summary}>{summary}</span>}
      </figcaption>
      {data.length === 0 ? (
        <div className={classes.empty}>{empty}</div>
      ) : (
        // At least `height`: a chart turned on its side grows as tall as its categories need.
        <div className={classes.plot} style={{ minBlockSize: height }}>
          <Suspense fallback={<div className={classes.plotLoading} style={{ blockSize: height }} aria-hidden="true" />}>
            <ChartPlot
              title={title}
              summary={summary}
              height={height}
              rows={rows}
              xKey={xKey}
              x={x}
              value={value}
              series={series}
              domain={domain}
              axisFormat={axisFormat}
              sideways={sideways}
            />
          </Suspense>
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
