// The back office's wholesale endpoints. Thin: each calls the wholesale admin service.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { actorOf, registerAdminRoutes } from '../staff/index.js';
import * as wholesale from './wholesale.admin.service.js';

export function wholesaleAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  // Where the applicant's mail sends them: their account's wholesale page.
  const wholesaleUrl = new URL('/myAccount/WholesaleRegistration', config.publicUrl).toString();
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        listWholesaleApplications: {
          handler: ({ query }) => wholesale.listApplications(db, query),
        },
        approveWholesaleApplication: {
          handler: async (call) => ({
            application: await wholesale.approveApplication(
              db,
              actorOf(call),
              call.params.id,
              { priceListId: call.body.price_list_id, registered: call.body.registered },
              wholesaleUrl,
            ),
          }),
        },
        rejectWholesaleApplication: {
          handler: async (call) => ({
            application: await wholesale.rejectApplication(
              db,
              actorOf(call),
              call.params.id,
              call.body.reason,
              wholesaleUrl,
            ),
          }),
        },
        listPriceLists: { handler: () => wholesale.listPriceLists(db) },
        createPriceList: {
          handler: async (call) => ({
            price_list: await wholesale.createPriceList(db, actorOf(call), call.body),
          }),
        },
        updatePriceList: {
          handler: async (call) => ({
            price_list: await wholesale.updatePriceList(
              db,
              actorOf(call),
              call.params.id,
              call.body,
            ),
          }),
        },
      },
    );
  };
}
