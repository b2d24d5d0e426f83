// The chart theme: colours read from the theme's CSS variables (light and dark) and the page's
// direction, both read again when <html> changes. Shared by the chart frame and its plot.
import { useEffect, useState } from 'react';

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
    if (document.body)
      observer.observe(document.body, { attributes: true, attributeFilter: ['data-color-mode', 'class', 'style'] });
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
