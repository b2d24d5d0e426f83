// Query strings -> a zod object input: numbers and booleans are coerced by the schema's field types,
// repeated keys keep the first value, unknown keys are dropped. Bad values fail the schema (400).
import { type z } from 'zod';

type AnyZod = z.ZodType & { _zod: { def: { type: string; innerType?: AnyZod; in?: AnyZod } } };

/** The type a field ends in after optional/default/nullable/pipe wrappers. */
function baseType(field: AnyZod): string {
  let current: AnyZod | undefined = field;
  for (let i = 0; current && i < 10; i++) {
    const def: AnyZod['_zod']['def'] = current._zod.def;
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return def.type;
  }
  return 'unknown';
}

export function queryToInput<S extends z.ZodObject>(schema: S, query: unknown): z.infer<S> {
  const source = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    let value = source[key];
    if (Array.isArray(value)) value = value[0];
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string') continue;
    switch (baseType(field)) {
      case 'number':
        out[key] = /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
        break;
      case 'boolean':
        out[key] = value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
        break;
      default:
        out[key] = value;
    }
  }
  return schema.parse(out);
}
