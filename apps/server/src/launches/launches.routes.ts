// launch_alert.php (a logged-in fan's "Notify me when it drops") and launch_queue.php (their
// place in the waiting room, one per account and per browser: the visitor cookie names the
// browser, and is set here when it has none) (decision 070).
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerStorefrontRoutes } from '../http/index.js';
import {
  VISITOR_COOKIE,
  VISITOR_COOKIE_MAX_AGE_SECONDS,
  visitorIdentity,
} from '../referrals/index.js';
import { askAlert, joinQueue } from './launches.service.js';

export function launchesRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  const secure = config.publicUrl.startsWith('https://');
  return async (app) => {
    registerStorefrontRoutes(app, {
      'launch_queue.php': async ({ body, request, reply }) => {
        const visitor = visitorIdentity(request.cookies[VISITOR_COOKIE], null);
        reply.setCookie(VISITOR_COOKIE, visitor.visitorId, {
          httpOnly: true,
          sameSite: 'lax',
          secure,
          path: '/api',
          maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS,
        });
        return joinQueue(db, {
          userId: body.user_id,
          productId: body.product_id,
          browserKey: visitor.visitorKey,
          ip: request.ip,
          again: body.again ?? false,
          ...(body.nonce === undefined ? {} : { nonce: body.nonce }),
          placesPerAddress: config.launchQueuePlacesPerAddress,
        });
      },
      'launch_alert.php': async ({ body }) =>
        askAlert(db, {
          userId: body.user_id,
          productId: body.product_id,
          whatsappAvailable: config.whatsapp !== null,
        }),
    });
  };
}
