// Mounts the AppRouter at /trpc (superjson; batching on), with login rate limits and 5xx logging.
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config.ts';
import { loginRateLimiters } from '../domains/auth/auth.rate-limit.ts';
import { createContextFactory } from './context.ts';
import { appRouter, type AppRouter } from './router.ts';

export const trpcPlugin: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  const limiters = loginRateLimiters(app, config);
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || !request.url.split('?')[0].includes('auth.login')) return;
    for (const limiter of limiters) {
      await limiter.call(app, request, reply);
      if (reply.sent) return reply;
    }
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: createContextFactory(config),
      onError({ error, req, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          req.log.error({ err: error.cause ?? error, path }, 'tRPC procedure failed');
        }
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
};
