export { Chart, CHART_COLORS, useChartColors, useRtl, type ChartColor, type ChartProps, type ChartSeries } from './Chart.tsx';
