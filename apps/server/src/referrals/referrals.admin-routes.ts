// The back office's referral endpoints. Thin: each calls the referral admin service.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { actorOf, registerAdminRoutes } from '../staff/index.js';
import * as referrals from './referrals.admin.service.js';

export function referralsAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        listAffiliates: {
          handler: async ({ query }) => {
            const { rows, next_after } = await referrals.listCodes(db, 'affiliate', query);
            return { affiliates: rows.map(referrals.toAffiliate), next_after };
          },
        },
        createAffiliate: {
          handler: async (call) => ({
            affiliate: referrals.toAffiliate(
              await referrals.createCode(db, actorOf(call), 'affiliate', call.body),
            ),
          }),
        },
        updateAffiliate: {
          handler: async (call) => ({
            affiliate: referrals.toAffiliate(
              await referrals.updateCode(db, actorOf(call), 'affiliate', call.params.id, call.body),
            ),
          }),
        },
        listCampaignCodes: {
          handler: async ({ query }) => {
            const { rows, next_after } = await referrals.listCodes(db, 'campaign', query);
            return { campaigns: rows.map(referrals.toCampaignCode), next_after };
          },
        },
        createCampaignCode: {
          handler: async (call) => ({
            campaign: referrals.toCampaignCode(
              await referrals.createCode(db, actorOf(call), 'campaign', call.body),
            ),
          }),
        },
        updateCampaignCode: {
          handler: async (call) => ({
            campaign: referrals.toCampaignCode(
              await referrals.updateCode(
                db,
                actorOf(call),
                'campaign',
                call.params.code,
                call.body,
              ),
            ),
          }),
        },
        referralReport: { handler: ({ query }) => referrals.referralReport(db, query) },
      },
    );
  };
}
