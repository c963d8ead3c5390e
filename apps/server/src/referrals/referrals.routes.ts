// Referral calls at the spec's paths. Visitors call them too; each records a click for the
// browser named by the visitor cookie, which the response sets (or refreshes). A client without
// the cookie is a new visitor every time, so clicks are also limited per address.
import type { ReferralClickResponse } from '@kitroom/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app.js';
import { clientIp, MINUTE_MS, rateLimitHook, registerStorefrontRoutes } from '../http/index.js';
import {
  recordClick,
  visitorIdentity,
  VISITOR_COOKIE,
  VISITOR_COOKIE_MAX_AGE_SECONDS,
  type ClickInput,
} from './referrals.service.js';

type Click = Omit<ClickInput, 'visitorKey' | 'userId' | 'now'>;

/**
 * Referral clicks one client address may record per window, across the four calls. Generous,
 * because many phones on one mobile network share an address; over it, a click is not
 * recorded (the storefront ignores the response) and nothing else is affected.
 */
export const REFERRAL_RATE_LIMIT = { max: 120, windowMinutes: 15 } as const;

export function referralsRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const secure = config.publicUrl.startsWith('https://');

  async function track(
    request: FastifyRequest,
    reply: FastifyReply,
    click: Click,
    clientToken: string | null | undefined,
  ): Promise<ReferralClickResponse> {
    const visitor = visitorIdentity(request.cookies[VISITOR_COOKIE], clientToken);
    // Set on every call so that a returning browser keeps it for a year from its last visit.
    reply.setCookie(VISITOR_COOKIE, visitor.visitorId, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/api',
      maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS,
    });
    const result = await recordClick(database.db, {
      ...click,
      userId: request.userId,
      visitorKey: visitor.visitorKey,
    });
    return { success: true, ...result };
  }

  return async (app) => {
    // The session's user, when there is one, is recorded with the click (the table's access
    // 'shopper-or-visitor').
    const limits = {
      ip: rateLimitHook(app, {
        name: 'referral-ip',
        max: REFERRAL_RATE_LIMIT.max,
        windowMs: REFERRAL_RATE_LIMIT.windowMinutes * MINUTE_MS,
        key: clientIp,
        message: 'Too many referral links were opened from your network in a short while.',
      }),
    };

    registerStorefrontRoutes(app, {
      'user_affiliate.php': {
        limits,
        handler: async ({ body: b, request, reply }) =>
          track(
            request,
            reply,
            {
              kind: 'affiliate',
              code: b.affiliate_code,
              type: b.type,
              url: b.url,
              productId: undefined,
            },
            b._token,
          ),
      },

      'tracking.php': {
        limits,
        handler: async ({ body: b, request, reply }) =>
          track(
            request,
            reply,
            {
              kind: 'affiliate',
              code: b.affiliate_code,
              type: b.type,
              url: b.url,
              productId: b.product_id,
            },
            undefined,
          ),
      },

      'google_code.php': {
        limits,
        handler: async ({ body: b, request, reply }) =>
          track(
            request,
            reply,
            {
              kind: 'campaign',
              code: b.google_code,
              type: undefined,
              url: b.url,
              productId: b.product_id,
            },
            b.window_token,
          ),
      },

      'link_affiliates.php': {
        limits,
        handler: async ({ body: b, request, reply }) =>
          track(
            request,
            reply,
            {
              kind: 'affiliate',
              code: b.affiliate_code,
              type: b.type || b.page_type,
              url: b.url,
              productId: b.product_id,
            },
            undefined,
          ),
      },
    });
  };
}
