// The back office's giveaway endpoints. Thin: each calls the giveaways service.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { storePicture } from '../catalogue/index.js';
import { actorOf, registerAdminRoutes } from '../staff/index.js';
import { uploadedPictureBytes } from '../http/index.js';
import * as giveaways from './giveaways.service.js';

export function giveawaysAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        listGiveaways: {
          handler: async () => ({ giveaways: await giveaways.listGiveaways(db) }),
        },
        getGiveaway: {
          handler: async ({ params }) => ({
            giveaway: await giveaways.getGiveaway(db, params.id),
          }),
        },
        createGiveaway: {
          handler: async (call) => ({
            giveaway: await giveaways.createGiveaway(db, actorOf(call), call.body),
          }),
        },
        updateGiveaway: {
          handler: async (call) => ({
            giveaway: await giveaways.updateGiveaway(db, actorOf(call), call.params.id, call.body),
          }),
        },
        uploadGiveawayPicture: {
          handler: async (call) => {
            await giveaways.giveawayExists(db, call.params.id);
            const stored = await storePicture(
              config.dataDir,
              await uploadedPictureBytes(call.request),
            );
            return {
              giveaway: await giveaways.setPicture(db, actorOf(call), call.params.id, stored),
            };
          },
        },
        drawGiveaway: {
          handler: async (call) => ({
            giveaway: await giveaways.drawGiveaway(
              db,
              actorOf(call),
              call.params.id,
              config.publicUrl,
            ),
          }),
        },
      },
    );
  };
}
