// Exposes the ORM on the app and one EntityManager fork per request (`request.em`) through
// RequestContext, so the global EM is never used by accident. Edit only to change EM scoping.
import { RequestContext } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    orm: MikroORM;
  }
  interface FastifyRequest {
    em: EntityManager;
  }
}

export const databasePlugin = fp<{ orm: MikroORM }>(
  async (app, { orm }) => {
    app.decorate('orm', orm);
    app.decorateRequest('em', null as unknown as EntityManager);
    app.addHook('onRequest', (request, _reply, done) => {
      const em = orm.em.fork();
      request.em = em;
      RequestContext.create(em, done);
    });
  },
  { name: 'database' },
);
