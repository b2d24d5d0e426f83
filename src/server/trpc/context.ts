// Builds the tRPC context from the Fastify request: the request EM, the caller and their ability.
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { AppConfig } from '../config.ts';
import type { ServiceContext } from '../lib/context.ts';

export interface TrpcContext extends ServiceContext {
  req: CreateFastifyContextOptions['req'];
  reply: CreateFastifyContextOptions['res'];
  config: AppConfig;
}

export function createContextFactory(config: AppConfig) {
  return ({ req, res }: CreateFastifyContextOptions): TrpcContext => ({
    ...req.serviceContext(),
    req,
    reply: res,
    config,
  });
}
