// The tRPC React client: batched HTTP to /trpc with superjson; echoes XSRF-TOKEN on mutations.
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
  const options = {
    url: '/trpc',
    transformer: superjson,
    headers() {
      const xsrf = readCookie(XSRF_COOKIE);
      return xsrf ? { 'x-xsrf-token': xsrf } : {};
    },
  };
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({ url: options.url, transformer: superjson }),
        false: splitLink({ condition: (op) => op.context.unbatched === true, true: httpLink(options), false: httpBatchLink(options) }),
      }),
    ],
  });
}
