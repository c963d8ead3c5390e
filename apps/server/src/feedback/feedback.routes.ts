// Feedback call at the spec's path: feedback.php, open to visitors, rate-limited per address.
import { ErrorResponse, FeedbackRequest, FeedbackResponse } from '@kitroom/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.js';
import { clientIp, MINUTE_MS, rateLimitHook } from '../http/rate-limit.js';
import { sendFeedback } from './feedback.service.js';

/** Feedbacks one client address may send per window (the footer form is open to anyone). */
export const FEEDBACK_RATE_LIMIT = { max: 10, windowMinutes: 15 } as const;

export function feedbackRoutes({ database }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Counted in the database like every limit, so it holds across server processes.
    const perIp = rateLimitHook(app, {
      name: 'feedback-ip',
      max: FEEDBACK_RATE_LIMIT.max,
      windowMs: FEEDBACK_RATE_LIMIT.windowMinutes * MINUTE_MS,
      key: clientIp,
      message: 'You have sent a lot of feedback in a short while.',
    });

    app.post(
      '/feedback.php',
      {
        config: { userScoped: 'user_id', optional: true },
        onRequest: [perIp],
        schema: {
          body: FeedbackRequest,
          response: { 200: FeedbackResponse, 400: ErrorResponse, 429: ErrorResponse },
        },
      },
      async (request): Promise<FeedbackResponse> => {
        await sendFeedback(database.db, request.body.feedback, request.userId);
        return { success: true };
      },
    );
  };
}
