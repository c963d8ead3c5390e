// Cart reminders, the shopper's calls (decision 065): cart_reminders.php (consent: read, give,
// withdraw), and the mail's unsubscribe: cart_reminders_unsubscribe.php from its page, and the
// one-click POST a mail client sends to the same address as the page (RFC 8058: a form body
// `List-Unsubscribe=One-Click`, no login, no redirect).
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerStorefrontRoutes } from '../http/index.js';
import * as recovery from './recovery.service.js';

export function recoveryRoutes({ database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) =>
    registerStorefrontRoutes(app, {
      'cart_reminders.php': async ({ body }) => recovery.consent(db, body.user_id, body.consent),
      'cart_reminders_unsubscribe.php': async ({ body }) =>
        recovery.unsubscribe(db, body.token, 'mail-link'),
    });
}

/** The one-click unsubscribe (RFC 8058), at the unsubscribe page's own address. */
export function oneClickUnsubscribeRoutes({ database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    // Mail clients send a form; only this route reads one (the rest of the API is JSON).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, body, done) => done(null, body),
    );
    app.post<{ Params: { token: string } }>('/unsubscribe/:token', async (request, reply) => {
      const token = request.params.token;
      if (token.length === 0 || token.length > 200) {
        return reply.code(404).send({ error: recovery.LINK_NOT_VALID });
      }
      return recovery.unsubscribe(db, token, 'one-click');
    });
  };
}
