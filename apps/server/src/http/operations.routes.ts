// Liveness and readiness for load balancers and orchestrators.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.js';

export function operationsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Alive: the process answers; the database is not consulted.
    app.get('/healthz', async () => ({ status: 'ok' }));

    // Ready: the database answers a trivial query.
    app.get('/readyz', async (request, reply) => {
      try {
        await deps.database.ping();
        return { status: 'ready' };
      } catch (err) {
        request.log.warn({ err }, 'database not ready');
        return reply.status(503).send({ error: 'The database is not reachable.' });
      }
    });
  };
}
