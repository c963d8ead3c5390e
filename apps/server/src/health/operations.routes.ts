// Liveness and readiness for load balancers and orchestrators.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.js';
import { writeTrouble } from './readiness.js';

export function operationsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Alive: the process responds; the database is not consulted.
    app.get('/healthz', async () => ({ status: 'ok' }));

    // Ready: the database responds to a trivial query, and nothing says it cannot write.
    app.get('/readyz', async (request, reply) => {
      try {
        await deps.database.ping();
      } catch (err) {
        request.log.warn({ err }, 'database not ready');
        return reply.status(503).send({ error: 'The database is not reachable.' });
      }
      const trouble = await writeTrouble(deps);
      if (trouble) {
        request.log.warn({ reason: trouble }, 'database not ready');
        return reply.status(503).send({ error: trouble });
      }
      return { status: 'ready' };
    });
  };
}
