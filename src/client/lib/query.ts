// The one query cache and tRPC client of the app, created when the bundle starts rather than on first
// render, so the router can start a page's queries (app/preload.ts) before React renders anything.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { createTrpcClient } from './trpc.ts';
import { redirectWhenTwoFactorRequired } from './two-factor-required.ts';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
  // The second-factor policy's refusal, met by any call, leads to enrolment (lib/two-factor-required.ts).
  queryCache: new QueryCache({ onError: redirectWhenTwoFactorRequired }),
  mutationCache: new MutationCache({ onError: redirectWhenTwoFactorRequired }),
});

export const trpcClient = createTrpcClient();

/** Fetch, prefetch and read queries outside components, under the same keys as the hooks. */
export const trpcUtils = createTRPCQueryUtils({ queryClient, client: trpcClient });
