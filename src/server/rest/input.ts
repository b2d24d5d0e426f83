// The one REST input path: routes declare their tRPC twin's zod schemas (src/shared/schemas) as
// querystring / params / body; this compiler reads them the spec's way. Edit to change a legacy fallback.
import type { FastifyReply, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../shared/constants/http.ts';
import { toFieldIssues } from '../../shared/errors/issues.ts';
import { AppError, InputError, zodIssueText } from '../lib/app-error.ts';

type Raw = Record<string, unknown>;

/** A route's own way to read its input, where the spec's names or answers differ from the schema's. */
export interface RestInputOptions {
  /** Maps the raw query or path parameters to the schema's keys (renamed or JSON-encoded fields); may throw an AppError. */
  read?: (raw: Raw) => Raw;
  /** The error for input the schema refuses, in place of the default 400 (e.g. a fixed legacy answer). */
  invalid?: (error: z.ZodError) => Error;
  /** What the route receives, where `read` renames or derives fields: the API document shows this shape. */
  wire?: z.ZodType;
}

const OPTIONS = new WeakMap<object, RestInputOptions>();

/** `schema` read with a route's own options: use the result as that route's querystring, params or body schema. */
export function restInput<S extends z.ZodType>(schema: S, options: RestInputOptions): S {
  const forRoute = schema.clone();
  OPTIONS.set(forRoute, options);
  return forRoute;
}

/** The schema the API document shows for a route's params, querystring or body: its wire shape if it has one. */
export function documentedInput<T>(schema: T): T | z.ZodType {
  return (schema && typeof schema === 'object' && OPTIONS.get(schema)?.wire) || schema;
}

/** An answer the spec fixes for bad input on a route: its status, body and content type (thrown by `invalid`). */
export class LegacyAnswer extends Error {
  readonly statusCode: number;
  readonly body: unknown;
  readonly contentType?: string;

  constructor(statusCode: number, body?: unknown, contentType?: string) {
    super(`legacy answer ${statusCode}`);
    this.statusCode = statusCode;
    this.body = body;
    this.contentType = contentType;
  }

  send(reply: FastifyReply) {
    if (this.contentType) reply.type(this.contentType);
    return reply.code(this.statusCode).send(this.body);
  }
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType };

/** The schema a field ends in after optional/default/nullable/pipe wrappers. */
function base(field: z.ZodType): z.ZodType {
  let current = field;
  for (let i = 0; i < 10; i++) {
    const def = current._zod.def as Def;
    const next = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!next) break;
    current = next;
  }
  return current;
}

const typeOf = (field: z.ZodType) => (base(field)._zod.def as Def).type;

function first(value: unknown): string | undefined {
  const raw: unknown = Array.isArray(value) ? value[0] : value;
  return typeof raw === 'string' && raw.trim() !== '' ? raw : undefined;
}

function intOr(value: unknown, fallback: number): number {
  const n = Number(first(value));
  return Number.isInteger(n) ? n : fallback;
}

/**
 * The spec's paging: `page` and `itemsPerPage` fall back to 1 and 10 when missing or not numeric;
 * `itemsPerPage=-1` means all. Out-of-range values are clamped (page >= 1, itemsPerPage <= MAX_PAGE_SIZE).
 */
function legacyPaging(query: Raw): { page: number; itemsPerPage: number } {
  let page = intOr(query.page, 1);
  let itemsPerPage = intOr(query.itemsPerPage, DEFAULT_PAGE_SIZE);
  if (page < 1) page = 1;
  if (page > 1_000_000) page = 1_000_000;
  if (itemsPerPage === 0 || itemsPerPage < -1) itemsPerPage = DEFAULT_PAGE_SIZE;
  if (itemsPerPage > MAX_PAGE_SIZE) itemsPerPage = MAX_PAGE_SIZE;
  return { page, itemsPerPage };
}

/** A decimal integer, or NaN (which the schema refuses): ids in paths and queries are digits, never `1e3`. */
const integer = (text: string) => (/^\s*-?\d{1,16}\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * Query strings and path segments -> the schema's input. Repeated keys keep the first value (all of
 * them, trimmed and without blanks, for an array field); blank values count as absent; numbers and
 * booleans (`true`/`false`/`1`/`0`) are read from text; the search text `q` is cut at its maximum
 * length; paging falls back (see legacyPaging); an unknown `sortBy` is ignored and `orderBy` is `asc`
 * unless `desc`. Keys the schema lacks are dropped.
 */
function readStrings(schema: z.ZodType, raw: Raw): Raw {
  const shape = (schema._zod.def as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape) return raw;
  const out: Raw = {};
  for (const [key, field] of Object.entries(shape)) {
    const type = typeOf(field);
    if (type === 'array') {
      const values = [raw[key]].flat().filter((v): v is string => typeof v === 'string' && v.trim() !== '');
      if (raw[key] !== undefined) out[key] = values.map((v) => v.trim());
      continue;
    }
    const value = first(raw[key]);
    if (key === 'orderBy') out[key] = value === 'desc' ? 'desc' : 'asc';
    if (value === undefined || key === 'orderBy') continue;
    if (key === 'sortBy') {
      if (field.safeParse(value).success) out[key] = value;
    } else if (type === 'boolean') {
      out[key] = value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
    } else if (type === 'number') {
      out[key] = integer(value);
    } else if (key === 'q') {
      const max = (base(field) as z.ZodString).maxLength;
      out[key] = typeof max === 'number' ? value.slice(0, max) : value;
    } else {
      out[key] = value;
    }
  }
  if ('page' in shape || 'itemsPerPage' in shape) Object.assign(out, legacyPaging(raw));
  return out;
}

/** One issue in the spec's words: `role must be one of: a, b` with `Expected one of a, b` for the field. */
function legacyIssue(issue: z.core.$ZodIssue): { field: string; summary: string; detail: string } {
  const field = issue.path.map(String).join('.');
  if (issue.code === 'invalid_value') {
    const values = issue.values.map(String).join(', ');
    return { field, summary: `${field} must be one of: ${values}`, detail: `Expected one of ${values}` };
  }
  if (issue.code === 'invalid_type' && issue.expected === 'boolean') {
    return { field, summary: `${field} must be true or false`, detail: 'Expected true or false' };
  }
  // Numbers in paths and queries are ids (ZId).
  const { expected, origin } = issue as { expected?: string; origin?: string };
  const numeric = expected === 'number' || expected === 'int' || origin === 'number';
  if (numeric) return { field, summary: `${field} must be a positive integer`, detail: 'Expected a positive integer' };
  const text = zodIssueText(issue);
  return { field, summary: field ? `${field}: ${text}` : text, detail: text };
}

/** 400 for a query or path the schema refuses, one summary per field, as the spec's REST layer words it. */
function legacyInputError(error: z.ZodError, input: unknown): AppError {
  const summaries = new Map<string, string>();
  const fieldErrors: Record<string, string[]> = {};
  for (const { field, summary, detail } of error.issues.map(legacyIssue)) {
    if (!summaries.has(field)) summaries.set(field, summary);
    (fieldErrors[field] ??= []).push(detail);
  }
  return new InputError([...summaries.values()].join('; '), fieldErrors, toFieldIssues(error.issues, input));
}

/**
 * The REST scope's validator compiler. Query and path parameters are read from strings (the route's
 * `read`, then readStrings); a body is taken as sent (`{}` when there is none). Refusals are 400s with
 * field errors: in the spec's words for queries and paths, zod's for bodies; or the route's `invalid`.
 */
export const restValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const options = OPTIONS.get(schema) ?? {};
  const fromStrings = httpPart === 'querystring' || httpPart === 'params';
  return (data: unknown) => {
    try {
      const given = (data ?? {}) as Raw;
      const input = fromStrings ? readStrings(schema, options.read ? options.read(given) : given) : given;
      const result = schema.safeParse(input);
      if (result.success) return { value: result.data };
      return {
        error:
          options.invalid?.(result.error) ??
          (fromStrings ? legacyInputError(result.error, input) : InputError.fromZod(result.error, input)),
      };
    } catch (error) {
      if (error instanceof AppError) return { error };
      throw error;
    }
  };
};
