// The tRPC React client: batched HTTP to /trpc with superjson; echoes XSRF-TOKEN on mutations.
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '../../server/trpc/router.ts';
import { XSRF_COOKIE } from '../../shared/constants/http.ts';
import { readCookie } from './cookies.ts';

export const trpc = createTRPCReact<AppRouter>();

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        headers() {
          const xsrf = readCookie(XSRF_COOKIE);
          return xsrf ? { 'x-xsrf-token': xsrf } : {};
        },
      }),
    ],
  });
}
