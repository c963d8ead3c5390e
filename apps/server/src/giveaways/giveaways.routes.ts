// giveaway.php (the page's response, by slug or the current giveaway) and giveaway_entry.php
// (the logged-in shopper's one entry, credited to the referral codes the browser keeps).
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerStorefrontRoutes } from '../http/index.js';
import { visitorKeyOf, VISITOR_COOKIE } from '../referrals/index.js';
import { enter, giveawayPage } from './giveaways.service.js';

export function giveawaysRoutes({ database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  return async (app) => {
    registerStorefrontRoutes(app, {
      'giveaway.php': async ({ body, request }) => ({
        giveaway: await giveawayPage(db, { slug: body.slug, userId: request.userId }),
      }),
      'giveaway_entry.php': async ({ body, request }) => ({
        entered: true,
        ...(await enter(db, {
          slug: body.slug,
          userId: body.user_id,
          affiliateCode: body.affiliate_code,
          googleCode: body.google_code,
          visitorKey: visitorKeyOf(request.cookies[VISITOR_COOKIE]),
        })),
      }),
    });
  };
}
