// The tRPC React client: batched HTTP to /trpc with superjson; echoes XSRF-TOKEN on mutations (only).
// A call made with `trpc: UNBATCHED` goes alone (its answer must not wait for slower procedures).
// Subscriptions are server-sent events (EventSource: GET, the session cookie goes along; it reconnects
// by itself, and the server's pings tell a silent loss from a quiet stream).
import { httpBatchLink, httpLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../server/trpc/router.ts';
import { XSRF_COOKIE } from '../../shared/constants/http.ts';
import { readCookie } from './cookies.ts';

export const trpc = createTRPCReact<AppRouter>();

/** Request options of a call sent on its own, outside the batch of the calls made at the same time. */
export const UNBATCHED = { context: { unbatched: true } } as const;

export function createTrpcClient() {
  // Queries (GET) carry no header of ours: the server checks the token on mutations only, and a GET
  // without custom headers can take the answer of the page's `<link rel="preload" as="fetch">`.
  const xsrf = (ops: readonly { type: string }[]) => {
    const token = ops.some((op) => op.type !== 'query') ? readCookie(XSRF_COOKIE) : null;
    return token ? { 'x-xsrf-token': token } : {};
  };
  const base = { url: '/trpc', transformer: superjson };
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink(base),
        false: splitLink({
          condition: (op) => op.context.unbatched === true,
          true: httpLink({ ...base, headers: ({ op }) => xsrf([op]) }),
          false: httpBatchLink({ ...base, headers: ({ opList }) => xsrf(opList) }),
        }),
      }),
    ],
  });
}
