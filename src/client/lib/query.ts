// The one query cache and tRPC client of the app, created when the bundle starts rather than on first
// render, so the router can start a page's queries (app/preload.ts) before React renders anything.
import { QueryClient } from '@tanstack/react-query';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { createTrpcClient } from './trpc.ts';

export const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } });

export const trpcClient = createTrpcClient();

/** Fetch, prefetch and read queries outside components, under the same keys as the hooks. */
export const trpcUtils = createTRPCQueryUtils({ queryClient, client: trpcClient });
