// The couriers' tracking webhooks (decision 032): one route per enabled courier at
// /api + its webhookPath. A post the courier cannot prove is theirs (token or signature) is
// refused with 401 and changes nothing; an authentic one is stored and acted on once. They
// move orders, so they sit beside the order's courier fulfilment, as the payment provider's
// webhook sits beside settlement; the courier's adapter reads the post (shipping/couriers/).
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { markWebhook, markWebhookAuthentic } from '../http/index.js';
import { applyTracking } from './courier-fulfilment.service.js';
import { orderContexts } from '../orders/index.js';

export function courierWebhookRoutes(deps: AppDeps): FastifyPluginAsync {
  const context = orderContexts(deps);
  return async (app) => {
    for (const provider of deps.couriers.providers) {
      app.post(provider.webhookPath, async (request, reply) => {
        // Counted apart from a payment provider of the same name (the sandboxes).
        markWebhook(request, `courier-${provider.name}`);
        const updates = provider.readWebhook(request.headers, request.body);
        if (updates === null) {
          request.log.warn({ courier: provider.name }, 'courier webhook refused: not authentic');
          return reply.code(401).send({ error: 'This update could not be verified.' });
        }
        markWebhookAuthentic(request);
        const result = await applyTracking(
          { ...context(request.log), couriers: deps.couriers },
          provider,
          updates,
          request.body,
        );
        if (result.unknown > 0) {
          request.log.warn(
            { courier: provider.name, ...result },
            'courier webhook: news of a waybill no shipment has yet, kept for its booking',
          );
        }
        return { ok: true, ...result };
      });
    }
  };
}
