// The shopper's data rights (ours: the spec has no calls for them, decision 037): my_data.php
// returns everything kept about them as a JSON file; delete_account.php erases the account or
// says why it waits. Both are user-scoped (the session's user only) and limited per user.
import { myDataFileName } from '@kitroom/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, sessionCookieOptions } from '../accounts/index.js';
import type { AppDeps } from '../app.js';
import {
  sessionUserId,
  clientIp,
  MINUTE_MS,
  rateLimitHook,
  registerStorefrontRoutes,
} from '../http/index.js';
import { indianDayOf } from '../indian-days.js';
import { exportData } from './data-export.service.js';
import { erasureStatus, requestErasure } from './erasure.service.js';

/** Downloads of one's data per user per hour. */
export const MY_DATA_PER_HOUR = 10;
/** Erasure calls (status or delete) per user per quarter hour. */
export const DELETE_CALLS_PER_QUARTER = 20;

export function privacyRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  const cookieOptions = sessionCookieOptions(config.publicUrl);
  return async (app) => {
    const byUser = (request: FastifyRequest) => String(request.userId);

    registerStorefrontRoutes(app, {
      'my_data.php': {
        limits: {
          user: rateLimitHook(app, {
            name: 'my-data-user',
            max: MY_DATA_PER_HOUR,
            windowMs: 60 * MINUTE_MS,
            key: byUser,
            message: 'Too many downloads of your data.',
          }),
        },
        handler: async ({ request, reply }) => {
          const userId = sessionUserId(request);
          const now = new Date();
          const data = await exportData(db, userId, now);
          return reply
            .header('content-type', 'application/json; charset=utf-8')
            .header(
              'content-disposition',
              `attachment; filename="${myDataFileName(userId, indianDayOf(now))}"`,
            )
            .send(JSON.stringify(data, null, 2));
        },
      },

      'delete_account.php': {
        limits: {
          user: rateLimitHook(app, {
            name: 'delete-account-user',
            max: DELETE_CALLS_PER_QUARTER,
            windowMs: 15 * MINUTE_MS,
            key: byUser,
            message: 'Too many attempts.',
          }),
        },
        handler: async ({ body, request, reply }) => {
          const userId = sessionUserId(request);
          if (body.action === 'status') return erasureStatus(db, userId);
          const erasure = await requestErasure(
            { db, publicUrl: config.publicUrl },
            userId,
            body.email,
            clientIp(request),
          );
          // Erased: every session ended with it, this browser's too.
          if (erasure.state === 'done') reply.clearCookie(SESSION_COOKIE, cookieOptions);
          return erasure;
        },
      },
    });
  };
}
