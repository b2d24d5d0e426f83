// The business API's routes as data: each names its service function and the very zod schemas its tRPC
// twin declares, so the API, the OpenAPI document and the isolation/role tests all read one table.
// Edit routes.ts to add a route; this file says what a route is.
import { z } from 'zod';
import type { Action, Subject } from '../../../shared/abilities/index.ts';
import { ZVersion } from '../../../shared/schemas/common.ts';
import type { AuthedContext } from '../../lib/context.ts';

export type V1Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface V1Route {
  method: V1Method;
  /** Under /api/v1, Fastify style (`/locations/:id`). */
  url: string;
  operationId: string;
  summary: string;
  tag: string;
  /**
   * The type-level check made before the input is read, so a caller who may never take this action
   * hears 403 before any 400; the service authorizes the record itself again.
   */
  can: readonly [Action, Subject];
  /** The service's input schema: path parameters and the query (GET) or the JSON body (others) are read into it. */
  input: z.ZodType;
  output: z.ZodType;
  status: 200 | 201;
  /** Writes to an existing record must send its `version` (a stale one is 409). */
  versioned?: boolean;
  /** For the isolation test: the route reads or changes one record named by `:id` (another customer's is 404). */
  byId?: boolean;
  run(ctx: AuthedContext, input: unknown): Promise<unknown>;
}

/** A route, typed: `run` gets what `input` parses to and returns what `output` describes. */
export function route<I extends z.ZodType, O extends z.ZodType>(
  def: Omit<V1Route, 'input' | 'output' | 'run' | 'status'> & {
    input: I;
    output: O;
    status?: 200 | 201;
    run(ctx: AuthedContext, input: z.output<I>): Promise<z.input<O>>;
  },
): V1Route {
  return { ...def, status: def.status ?? (def.method === 'POST' ? 201 : 200) };
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType> };

/** The object shape behind optional/default/prefault/pipe wrappers, or null when the schema is no object. */
export function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  let current = schema;
  for (let i = 0; i < 10; i++) {
    const def = current._zod.def as Def;
    if (def.type === 'object') return def.shape ?? null;
    const next = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!next) return null;
    current = next;
  }
  return null;
}

/** Path parameter names of a Fastify URL (`/a/:id/b/:key` → id, key). */
export function pathParams(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);
}

/** The parts of a route's input as the document shows them: path, query (GET) or body (others). */
export function documentedParts(r: V1Route): { params: z.ZodType; querystring?: z.ZodType; body?: z.ZodType } {
  const shape = shapeOf(r.input) ?? {};
  const names = pathParams(r.url);
  const rest = Object.fromEntries(Object.entries(shape).filter(([key]) => !names.includes(key)));
  // Fastify wants a params schema on every route that has a schema (an empty one where the path has none).
  const params = z.object(Object.fromEntries(names.map((n) => [n, shape[n] ?? z.string()])));
  if (r.method === 'GET' || r.method === 'DELETE') {
    return { params, ...(Object.keys(rest).length ? { querystring: z.object(rest) } : {}) };
  }
  const body = z.object(rest);
  return { params, body: r.versioned ? body.extend({ version: ZVersion }) : body };
}
