export {
  CHART_COLORS,
  Chart,
  type ChartColor,
  type ChartProps,
  type ChartSeries,
  useChartColors,
  useRtl,
} from './Chart.tsx';
