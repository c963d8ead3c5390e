// The provider's ways back to us: the browser's signed redirect (callback) and the signed
// webhook, verified by the configured provider and settled by the settlement service
// (payments) or the refunds service (refund.processed, refund.failed).
import { orderPagePath } from '@kitroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app.js';
import { badRequest, markWebhookAuthentic } from '../http/index.js';
import { createPaymentProvider } from '../payments/index.js';
import { orderContexts } from '../orders/index.js';
import * as refunds from '../orders/index.js';
import { settlePayment } from './settlement.service.js';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

export function settlementRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const provider = createPaymentProvider(deps.config);
  const context = orderContexts(deps, provider);
  return async (app) => {
    app.get(
      `/payments/${provider.name}/callback`,
      { schema: { querystring: z.record(z.string(), z.unknown()) } },
      async (request, reply) => {
        const report = provider.verifyCallback(request.query);
        if (!report) throw badRequest('The payment confirmation could not be verified.');
        const settled = await settlePayment(context(request.log), report);
        if (settled.outcome === 'unknown') throw badRequest('This payment is not one of ours.');
        if (settled.outcome === 'mismatch' || settled.orderId === null) {
          request.log.warn({ report }, 'payment callback does not match its order');
          throw badRequest('The payment confirmation does not match the order.');
        }
        return reply.redirect(orderPagePath(settled.orderId), 302);
      },
    );

    // The webhook is verified over its raw bytes, so this route alone keeps JSON unparsed.
    await app.register(async (raw) => {
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      raw.post(
        `/payments/${provider.name}/webhook`,
        { schema: { response: { 200: z.object({ status: z.string() }) } } },
        async (request) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          if (!provider.webhookSigned(body, request.headers)) {
            request.log.warn({ provider: provider.name }, 'payment webhook refused: not signed');
            throw badRequest('The webhook signature is not valid.');
          }
          markWebhookAuthentic(request);
          const delivery = provider.verifyWebhook(body, request.headers);
          if (!delivery) throw badRequest('The webhook could not be read.');
          if (delivery.refund) {
            const outcome = await refunds.applyRefundWebhook(
              context(request.log),
              delivery.refund,
              {
                eventId: delivery.eventId,
                event: delivery.event,
              },
            );
            if (outcome === 'mismatch' || outcome === 'unknown') {
              // Acknowledged: a refund made elsewhere (the provider's dashboard) is not ours.
              request.log.warn({ event: delivery.event, outcome }, 'refund webhook ignored');
            }
            return { status: outcome };
          }
          const settled = await settlePayment(context(request.log), delivery.report, {
            eventId: delivery.eventId,
            event: delivery.event,
          });
          if (settled.outcome === 'mismatch' || settled.outcome === 'unknown') {
            // Acknowledged all the same: a retry of the same event would not change the response.
            request.log.warn(
              { event: delivery.event, outcome: settled.outcome },
              'webhook ignored',
            );
          }
          return { status: settled.outcome };
        },
      );
    });
  };
}
