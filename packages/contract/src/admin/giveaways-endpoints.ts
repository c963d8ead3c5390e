// The giveaways' endpoints: the list with entry counts, one giveaway, adding and changing one,
// its picture, and the draw.
import type { AdminEndpoint } from './endpoint.js';
import {
  AdminGiveawayResponse,
  GiveawayIdParams,
  GiveawayInput,
  GiveawayListResponse,
} from './giveaways.js';

export const giveawaysEndpoints = {
  listGiveaways: {
    method: 'GET',
    path: '/api/admin/giveaways',
    summary: 'Giveaways, newest first, with entries by referral code and the draw',
    access: 'coupons.manage',
    response: GiveawayListResponse,
  },
  getGiveaway: {
    method: 'GET',
    path: '/api/admin/giveaways/:id',
    summary: 'One giveaway with its entries by referral code and the draw',
    access: 'coupons.manage',
    params: GiveawayIdParams,
    response: AdminGiveawayResponse,
  },
  createGiveaway: {
    method: 'POST',
    path: '/api/admin/giveaways',
    summary: 'Adds a giveaway',
    access: 'coupons.manage',
    body: GiveawayInput,
    response: AdminGiveawayResponse,
  },
  updateGiveaway: {
    method: 'PATCH',
    path: '/api/admin/giveaways/:id',
    summary: "Replaces a giveaway's title, slug, rules, dates and featured products",
    access: 'coupons.manage',
    params: GiveawayIdParams,
    body: GiveawayInput,
    response: AdminGiveawayResponse,
  },
  uploadGiveawayPicture: {
    method: 'POST',
    path: '/api/admin/giveaways/:id/picture',
    summary: "Uploads the giveaway's picture: JPEG, PNG, WebP or AVIF (field `file`, ≤ 8 MB)",
    access: 'coupons.manage',
    params: GiveawayIdParams,
    consumes: 'multipart/form-data',
    response: AdminGiveawayResponse,
  },
  drawGiveaway: {
    method: 'POST',
    path: '/api/admin/giveaways/:id/draw',
    summary: 'Draws the winner of an ended giveaway at random, once; mails the winner',
    access: 'coupons.manage',
    params: GiveawayIdParams,
    response: AdminGiveawayResponse,
  },
} as const satisfies Record<string, AdminEndpoint>;
