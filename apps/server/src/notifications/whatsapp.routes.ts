// WhatsApp order updates (decision 066): the shopper's choice in My Account and opting out;
// and, when the Cloud API is configured, its webhook at /api/whatsapp/webhook — the GET that
// Meta's dashboard sends to verify the address (hub.mode, hub.verify_token, hub.challenge),
// and the POSTs of message statuses and incoming messages, signed X-Hub-Signature-256 over
// their raw bytes.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../app.js';
import {
  badRequest,
  forbidden,
  unauthorized,
  registerStorefrontRoutes,
  markWebhookAuthentic,
} from '../http/index.js';
import { signatureValid } from './whatsapp-cloud-api.js';
import { applyWebhook, choiceOf, optOut } from './whatsapp.service.js';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function whatsappRoutes({ config, database }: AppDeps): FastifyPluginAsyncZod {
  const db = database.db;
  const wa = config.whatsapp;
  const available = wa !== null;
  return async (app) => {
    registerStorefrontRoutes(app, {
      'whatsapp_updates.php': async ({ body }) => choiceOf(db, body.user_id, available),
      'whatsapp_updates_stop.php': async ({ body }) => optOut(db, body.user_id, available),
    });
    if (!wa) return;

    app.get(
      '/whatsapp/webhook',
      { schema: { querystring: z.record(z.string(), z.unknown()) } },
      async (request, reply) => {
        const query = request.query;
        const token = query['hub.verify_token'];
        const challenge = query['hub.challenge'];
        if (
          query['hub.mode'] !== 'subscribe' ||
          typeof token !== 'string' ||
          !sameText(token, wa.verifyToken) ||
          typeof challenge !== 'string'
        ) {
          throw forbidden('The verify token does not match.');
        }
        return reply.type('text/plain; charset=utf-8').send(challenge);
      },
    );

    // Verified over its raw bytes, so this route alone keeps JSON unparsed.
    await app.register(async (raw) => {
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
      raw.post(
        '/whatsapp/webhook',
        { schema: { response: { 200: z.object({ statuses: z.number(), opt_outs: z.number() }) } } },
        async (request) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          if (!signatureValid(wa.appSecret, body, request.headers['x-hub-signature-256'])) {
            request.log.warn('WhatsApp webhook refused: not signed with the app secret');
            throw unauthorized('The webhook signature is not valid.');
          }
          markWebhookAuthentic(request);
          let payload: unknown;
          try {
            payload = JSON.parse(body.toString('utf8'));
          } catch {
            throw badRequest('The webhook body is not valid JSON.');
          }
          const outcome = await applyWebhook(db, payload);
          return { statuses: outcome.statuses, opt_outs: outcome.optOuts };
        },
      );
    });
  };
}
