// Mounts the AppRouter at /trpc (superjson; batching on) and logs unexpected procedure failures.
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config.ts';
import { createContextFactory } from './context.ts';
import { appRouter, type AppRouter } from './router.ts';

export const trpcPlugin: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
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
