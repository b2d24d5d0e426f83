// GET /healthz: 200 when the process and the database answer, 503 otherwise.
import fp from 'fastify-plugin';

export const healthPlugin = fp(
  async (app) => {
    app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
      try {
        await Promise.race([
          app.orm.em.getConnection().execute('select 1'),
          new Promise((_, reject) => setTimeout(() => reject(new Error('database timeout')), 2000).unref()),
        ]);
        return { status: 'ok', database: 'up' };
      } catch {
        return reply.code(503).send({ status: 'unavailable', database: 'down' });
      }
    });
  },
  { name: 'health', dependencies: ['database'] },
);
