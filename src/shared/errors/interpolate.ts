// i18next's interpolation as the server needs it for English: `{{name}}` and `{{name, lowercase}}`.
// Its own module so that schemas (and the client bundles that import them) do not carry the catalogue.
export type InterpolationValues = Record<string, string | number | boolean>;

/** `{{name}}` and `{{name, lowercase}}` (the one format the catalogue uses), as i18next reads them. */
export function interpolate(text: string, values: InterpolationValues): string {
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (whole, name: string, format?: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return format === 'lowercase' ? String(value).toLowerCase() : String(value);
  });
}
