// GET /healthz (the process and the database answer) and GET /readyz (this process takes traffic:
// listening, database answering, not draining). Edit when readiness gains a condition.
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** False until the server listens, and again from the first close signal (draining). */
    readonly acceptingTraffic: boolean;
  }
}

export const healthPlugin = fp(
  async (app) => {
    let accepting = false;
    app.decorate('acceptingTraffic', {
      getter: () => accepting,
    });
    app.addHook('onListen', async () => {
      accepting = true;
    });
    // The first hook of a close: a load balancer stops sending before in-flight requests finish.
    app.addHook('preClose', async () => {
      accepting = false;
    });

    const databaseAnswers = async (): Promise<boolean> => {
      try {
        await Promise.race([
          app.orm.em.getConnection().execute('select 1'),
          new Promise((_, reject) => setTimeout(() => reject(new Error('database timeout')), 2000).unref()),
        ]);
        return true;
      } catch {
        return false;
      }
    };

    app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
      if (await databaseAnswers()) return { status: 'ok', database: 'up' };
      return reply.code(503).send({ status: 'unavailable', database: 'down' });
    });

    app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
      if (!accepting) return reply.code(503).send({ status: app.server.listening ? 'draining' : 'starting' });
      if (!(await databaseAnswers())) return reply.code(503).send({ status: 'unavailable', database: 'down' });
      return { status: 'ready' };
    });
  },
  { name: 'health', dependencies: ['database'] },
);
