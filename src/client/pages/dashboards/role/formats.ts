import { useMemo } from 'react';
import { useFormatters, useScoreFormats } from '../../../lib/format.ts';

/** The role dashboards' numbers: dates and counts, rates, one-decimal scores and months. */
export function useDashboardFormats() {
  const base = useFormatters();
  const scores = useScoreFormats();
  return useMemo(() => ({ ...base, ...scores }), [base, scores]);
}
