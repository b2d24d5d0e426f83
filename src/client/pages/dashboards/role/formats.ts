import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format.ts';

/** The role dashboards' numbers: the shared formatters plus percentages, one-decimal scores and months. */
export function useDashboardFormats() {
  const { i18n } = useTranslation();
  const base = useFormatters();
  return useMemo(() => {
    const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
    const decimal = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
    const month = new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'short', timeZone: 'UTC' });
    return {
      ...base,
      percent: (v: number | null | undefined) => (v == null ? '—' : percent.format(v)),
      decimal: (v: number | null | undefined) => (v == null ? '—' : decimal.format(v)),
      month: (v: unknown) =>
        typeof v === 'string' && /^\d{4}-\d{2}$/.test(v)
          ? month.format(new Date(`${v}-01T00:00:00Z`))
          : typeof v === 'string'
            ? v
            : '',
    };
  }, [i18n.language, base]);
}
