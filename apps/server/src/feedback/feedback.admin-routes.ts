// The back office's feedback endpoints. Thin: each calls the feedback admin service.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { actorOf, registerAdminRoutes } from '../staff/index.js';
import * as feedback from './feedback.admin.service.js';

export function feedbackAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        listFeedback: { handler: ({ query }) => feedback.listFeedback(db, query) },
        getFeedback: {
          handler: async ({ params }) => ({
            feedback: await feedback.getFeedback(db, params.id),
          }),
        },
        setFeedbackHandled: {
          handler: async (call) => ({
            feedback: await feedback.setFeedbackHandled(
              db,
              actorOf(call),
              call.params.id,
              call.body.handled,
            ),
          }),
        },
      },
    );
  };
}
