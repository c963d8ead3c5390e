// GET /metrics in Prometheus' text format (prom-client), and the hook that counts every
// request by its route pattern. Orders, payments, the outbox, the last backup and the disk
// are read when Prometheus scrapes. With METRICS_TOKEN set the endpoint asks for
// 'Authorization: Bearer <token>'; unset, it is open outside production and refused in
// production (decision 036). Nothing here carries personal data: labels are route patterns,
// methods, status classes, states and provider names.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError, unauthorized, isWebhookAuthentic, webhookProviderOf } from '../http/index.js';
import type { HealthContext } from './health.service.js';
import { webhookProvider, type WebhookOutcome } from './health-monitor.js';
import { scrapeGauges } from './metrics.service.js';

export const METRICS_TOKEN_NEEDED =
  'Set METRICS_TOKEN to read /metrics in production, and send it as Authorization: Bearer <token>.';
export const METRICS_TOKEN_WRONG = 'Send the metrics token as Authorization: Bearer <token>.';

function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** A post without a valid signature or token is 'unsigned', whatever the response was. */
function webhookOutcome(authentic: boolean, status: number): WebhookOutcome {
  if (!authentic) return 'unsigned';
  return status >= 500 ? 'error' : status >= 400 ? 'refused' : 'ok';
}

/** Counts every request served (call before the routes are registered). */
export function registerRequestMetrics(app: FastifyInstance, ctx: HealthContext): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    ctx.monitor.requestServed(
      route ?? '',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    const provider =
      request.method === 'POST' ? (webhookProviderOf(request) ?? webhookProvider(route)) : null;
    if (provider) {
      const status = reply.statusCode;
      ctx.monitor.webhookServed(provider, webhookOutcome(isWebhookAuthentic(request), status));
    }
  });
}

export function metricsRoutes(ctx: HealthContext) {
  const { registry } = ctx.monitor;
  const refresh = scrapeGauges(ctx);
  return async (app: FastifyInstance) => {
    app.get('/metrics', async (request, reply) => {
      const token = ctx.config.metricsToken;
      if (token) {
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
        if (!given || !sameToken(given, token)) throw unauthorized(METRICS_TOKEN_WRONG);
      } else if (ctx.config.env === 'production') {
        throw new AppError(403, METRICS_TOKEN_NEEDED);
      }
      await refresh(new Date());
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  };
}
