// Feedback call at the spec's path: feedback.php, open to visitors, rate-limited per address.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { clientIp, MINUTE_MS, rateLimitHook, registerStorefrontRoutes } from '../http/index.js';
import { sendFeedback } from './feedback.service.js';

/** Feedbacks one client address may send per window (the footer form is open to anyone). */
export const FEEDBACK_RATE_LIMIT = { max: 10, windowMinutes: 15 } as const;

export function feedbackRoutes({ database }: AppDeps): FastifyPluginAsync {
  return async (app) => {
    // Counted in the database like every limit, so it holds across server processes.
    const perIp = rateLimitHook(app, {
      name: 'feedback-ip',
      max: FEEDBACK_RATE_LIMIT.max,
      windowMs: FEEDBACK_RATE_LIMIT.windowMinutes * MINUTE_MS,
      key: clientIp,
      message: 'You have sent a lot of feedback in a short while.',
    });

    registerStorefrontRoutes(app, {
      'feedback.php': {
        limits: { ip: perIp },
        handler: async ({ body, request }) => {
          await sendFeedback(database.db, body.feedback, request.userId);
          return { success: true };
        },
      },
    });
  };
}
