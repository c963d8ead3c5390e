// Feedback call at the spec's path: feedback.php, open to visitors, rate-limited per address.
import { ErrorResponse, FeedbackRequest, FeedbackResponse } from '@kitroom/contract';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.js';
import { tooManyRequests } from '../http/errors.js';
import { sendFeedback } from './feedback.service.js';

/** Feedbacks one client address may send per window (the footer form is open to anyone). */
export const FEEDBACK_RATE_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;

export function feedbackRoutes({ database }: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Registered inside this plugin and not global: only routes that ask are limited.
    // Counters live in this process's memory; with several processes each keeps its own.
    await app.register(fastifyRateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        tooManyRequests(
          `You have sent a lot of feedback in a short while. Please try again in ${context.after}.`,
        ),
    });

    app.post(
      '/feedback.php',
      {
        config: { userScoped: 'user_id', optional: true, rateLimit: FEEDBACK_RATE_LIMIT },
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
