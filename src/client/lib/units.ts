// Lengths, distances and file sizes with their units for the current language (Intl), apart from
// format.ts so the pages that never show one (the perform page) do not carry them.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface UnitFormatters {
  /** A length in metres with its unit ("85 m"); exact, for radii and distances someone set. */
  metres(value: number | null | undefined): string;
  /** A distance for reading: metres below 1 km, else kilometres ("985 m", "86 km", "1.2 km"). */
  distance(value: number | null | undefined): string;
  /** A file size with its unit, singular or plural as the language says ("1 byte", "985 bytes", "1.5 MB"). */
  bytes(value: number | null | undefined): string;
}

const cache = new Map<string, UnitFormatters>();

export function unitsFor(language: string): UnitFormatters {
  let units = cache.get(language);
  if (!units) cache.set(language, (units = makeUnits(language)));
  return units;
}

function makeUnits(language: string): UnitFormatters {
  const unit = (name: string, options: Intl.NumberFormatOptions = {}) =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, ...options });
  const metres = unit('meter', { maximumFractionDigits: 0 });
  const kilometres = unit('kilometer', { maximumFractionDigits: 1 });
  const kilometresWhole = unit('kilometer', { maximumFractionDigits: 0 });
  // Bytes in words ("985 bytes": the short form says "985 byte" in English); larger sizes by their symbol.
  const byteCount = unit('byte', { unitDisplay: 'long' });
  const sizes = [
    [1024 ** 3, unit('gigabyte', { maximumFractionDigits: 1 })],
    [1024 ** 2, unit('megabyte', { maximumFractionDigits: 1 })],
    [1024, unit('kilobyte', { maximumFractionDigits: 0 })],
  ] as const;
  return {
    metres: (v) => (v == null ? '—' : metres.format(v)),
    distance: (v) => {
      if (v == null) return '—';
      if (Math.abs(v) < 1000) return metres.format(v);
      return (Math.abs(v) < 10_000 ? kilometres : kilometresWhole).format(v / 1000);
    },
    bytes: (v) => {
      if (v == null) return '—';
      const size = sizes.find(([from]) => Math.abs(v) >= from);
      return size ? size[1].format(v / size[0]) : byteCount.format(v);
    },
  };
}

/** Unit formatters for the current i18n language. */
export function useUnits(): UnitFormatters {
  const { i18n } = useTranslation();
  return useMemo(() => unitsFor(i18n.language), [i18n.language]);
}
