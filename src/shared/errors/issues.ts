// zod issues as the client receives them: by code and parameters, never by zod's English wording, so
// the client can say them in its language and a zod upgrade that rewords a message changes nothing.
import type { z } from 'zod';
import type { FieldIssue, IssueParams } from '../errors.ts';
import { isValidationKey } from './validation.ts';

// What an issue carries besides code, path and message; `input` is read separately (only `received`).
const SKIPPED = new Set(['code', 'path', 'message', 'input', 'errors', 'issues', 'inst', 'continue', 'params']);

function scalar(value: unknown): string | number | boolean | null {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  return null;
}

/** The value at `path` of `input` (undefined when any step is missing). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[step];
  }
  return current;
}

/**
 * The parameters of an issue (`minimum`, `maximum`, `inclusive`, `origin`, `format`, `expected`,
 * `values` joined by ", ", a refinement's own `params`…) and, for `invalid_type`, what was `received`
 * ("undefined", "null", or the type) when the input is known.
 */
export function issueParams(issue: z.core.$ZodIssue, input?: unknown): IssueParams {
  const params: IssueParams = {};
  const add = (name: string, value: unknown) => {
    const one = Array.isArray(value) ? value.map(scalar).join(', ') : scalar(value);
    if (one !== null) params[name] = one;
  };
  for (const [name, value] of Object.entries(issue)) if (!SKIPPED.has(name)) add(name, value);
  if (issue.code === 'custom' && issue.params)
    for (const [name, value] of Object.entries(issue.params)) add(name, value);
  if (issue.code === 'invalid_type') {
    const received = 'input' in issue ? issue.input : input === undefined ? undefined : valueAt(input, issue.path);
    if ('input' in issue || input !== undefined)
      params.received =
        received === null
          ? 'null'
          : Array.isArray(received)
            ? 'array'
            : Number.isNaN(received)
              ? 'nan'
              : typeof received;
  }
  return params;
}

/** One issue for the client: its code, parameters, and the schema's own message key when it gave one. */
export function toFieldIssue(issue: z.core.$ZodIssue, input?: unknown): FieldIssue {
  const params = issueParams(issue, input);
  return isValidationKey(issue.message)
    ? { code: issue.code, params, key: issue.message }
    : { code: issue.code, params };
}

/** Issues grouped by dotted path ('' for the whole input), as `data.fieldIssues` sends them. */
export function toFieldIssues(issues: readonly z.core.$ZodIssue[], input?: unknown): Record<string, FieldIssue[]> {
  const out: Record<string, FieldIssue[]> = {};
  for (const issue of issues) (out[issue.path.map(String).join('.')] ??= []).push(toFieldIssue(issue, input));
  return out;
}
