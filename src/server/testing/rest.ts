// Helpers for REST tests over the test app (t.request, a bearer token per demo account).
import { expect } from 'vitest';
import type { TestApp } from './app.ts';

/** A `get(url, as?)` for `t`: the JSON body of a 200 answer, requested as `as` (default `defaultAs`). */
export function okGetter(t: TestApp, defaultAs: string) {
  return async function get<T>(url: string, as = defaultAs): Promise<T> {
    const res = await t.request({ method: 'GET', url, as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
}
