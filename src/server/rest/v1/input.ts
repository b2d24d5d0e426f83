// How /api/v1 reads a request into a route's input schema: path parameters, then the query (GET,
// DELETE) read from strings or the JSON body (others). Strict where the compatibility layer is lenient:
// an unknown field, a page size out of range or a missing `version` on a write is a 400 naming the field.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MAX_PAGE_SIZE } from '../../../shared/constants/http.ts';
import { InputError } from '../../lib/app-error.ts';
import { unsafeStringsError } from '../../lib/unsafe-strings.ts';
import { pathParams, shapeOf, type V1Route } from './route.ts';

type Raw = Record<string, unknown>;
type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; options?: z.ZodType[] };

function baseType(field: z.ZodType): Def {
  let current = field;
  for (let i = 0; i < 10; i++) {
    const def = current._zod.def as Def;
    const next = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!next) return def;
    current = next;
  }
  return current._zod.def;
}

/** A decimal integer, or NaN (which the schema refuses): never `1e3`, `0x10` or a blank. */
const integer = (text: string) => (/^\s*-?\d{1,16}\s*$/.test(text) ? Number(text) : Number.NaN);

function fromString(field: z.ZodType, value: unknown): unknown {
  const def = baseType(field);
  const list = Array.isArray(value) ? value.map(String) : [String(value)];
  const one = list[0];
  switch (def.type) {
    case 'array':
      return list
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean);
    case 'union':
      return list.length > 1 ? list : one;
    case 'number':
      return integer(one);
    case 'boolean':
      return one === 'true' ? true : one === 'false' ? false : one;
    default:
      return one;
  }
}

function refuse(fields: Record<string, string>): InputError {
  const fieldErrors = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]]));
  const message = Object.entries(fields)
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
  return new InputError(message, fieldErrors, {});
}

/** The route's parsed input, or an InputError (400) naming each field that is wrong. */
export function readV1Input(r: V1Route, request: FastifyRequest): unknown {
  const shape = shapeOf(r.input) ?? {};
  const names = pathParams(r.url);
  const fromQuery = r.method === 'GET' || r.method === 'DELETE';
  const given = fromQuery ? request.query : request.body;
  if (given !== undefined && given !== null && (typeof given !== 'object' || Array.isArray(given))) {
    throw refuse({ body: 'must be a JSON object' });
  }
  const raw = (given ?? {}) as Raw;
  const params = request.params as Raw;
  const unsafe = unsafeStringsError(params, raw);
  if (unsafe) throw unsafe;

  const unknown = Object.keys(raw).filter((key) => !Object.hasOwn(shape, key) || names.includes(key));
  if (unknown.length) throw refuse(Object.fromEntries(unknown.map((key) => [key, 'Unknown field'])));

  const input: Raw = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    input[key] = fromQuery ? fromString(shape[key], value) : value;
  }
  for (const name of names) input[name] = shape[name] ? fromString(shape[name], params[name]) : params[name];

  const problems: Record<string, string> = {};
  if (r.versioned && input.version === undefined) problems.version = 'Required: the version of the record you read';
  if (input.itemsPerPage === -1) problems.itemsPerPage = `Must be between 1 and ${MAX_PAGE_SIZE}`;
  if (Object.keys(problems).length) throw refuse(problems);

  const parsed = r.input.safeParse(input);
  if (!parsed.success) throw InputError.fromZod(parsed.error, input);
  return parsed.data;
}
