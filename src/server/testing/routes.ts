// The routes an app serves, read from Fastify's own route tree (for tests that must cover every route).
import type { FastifyInstance } from 'fastify';

export interface Route {
  method: string;
  url: string;
}

/** Routes from `printRoutes({ commonPrefix: false })`: each line a path relative to its parent, then its methods. */
export function listRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url: stack.join('') });
  }
  return routes;
}
