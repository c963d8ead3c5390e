// The staff endpoints of the back office: setup links, sign-in in two steps, sign-out, who
// am I, staff management and the audit log. Thin: each calls the staff services.
import { adminOpenApi } from '@kitroom/contract/admin';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app.js';
import { registerAdminRoutes, staffSessionOf } from './admin-endpoints.js';
import { secureCookies } from '../accounts/index.js';
import { bodyEmail, clientIp, MINUTE_MS, rateLimitHook } from '../http/index.js';
import { actorOf } from './admin-actor.js';
import { listAudit } from './audit.service.js';
import * as auth from './staff-auth.service.js';
import { signedIn } from './staff-profile.js';
import { endStaffSession, STAFF_COOKIE, staffCookieOptions } from './staff-sessions.service.js';
import * as invitations from './staff-invitations.service.js';
import * as staff from './staff.service.js';

export function staffAdminRoutes({ config, database }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  const cookieOptions = staffCookieOptions(secureCookies(config.publicUrl));
  const limits = config.rateLimits;

  return async (app) => {
    const setCookie = (reply: FastifyReply, id: string) =>
      reply.setCookie(STAFF_COOKIE, id, cookieOptions);
    const limit = (name: string, max: number, key: (r: FastifyRequest) => string) =>
      rateLimitHook(app, {
        name,
        max,
        windowMs: 15 * MINUTE_MS,
        key,
        message: 'Too many sign-in attempts.',
      });
    // Tries are counted per person and client IP together: wrong passwords or codes from one
    // address stop that address, never the staff member signing in from their own.
    const emailAndIp = (r: FastifyRequest) => `${bodyEmail(r)}|${clientIp(r)}`;
    const staffAndIp = (r: FastifyRequest) => `${r.staffSession?.staff.id ?? ''}|${clientIp(r)}`;

    app.get('/api/admin/openapi.json', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return adminOpenApi(config.publicUrl);
    });

    registerAdminRoutes(
      app,
      { db, publicUrl: config.publicUrl },
      {
        setupInfo: {
          onRequest: [limit('staff-setup-ip', limits.loginPerIp, clientIp)],
          handler: ({ params }) => auth.setupInfo(db, params.token),
        },
        setup: {
          onRequest: [limit('staff-setup-ip', limits.loginPerIp, clientIp)],
          handler: async ({ body, request, reply }) => {
            const { sessionId, ...response } = await auth.completeSetup(db, body, request.ip);
            setCookie(reply, sessionId);
            return response;
          },
        },
        signIn: {
          onRequest: [limit('staff-sign-in-ip', limits.loginPerIp, clientIp)],
          preHandler: [limit('staff-sign-in-email-ip', limits.loginPerEmail, emailAndIp)],
          handler: async ({ body, request, reply }) => {
            const { response, sessionId } = await auth.signIn(db, body, request.ip);
            setCookie(reply, sessionId);
            return response;
          },
        },
        secondFactor: {
          onRequest: [limit('staff-second-factor-ip', limits.loginPerIp, clientIp)],
          preHandler: [limit('staff-second-factor-ip', limits.loginPerEmail, staffAndIp)],
          handler: async (call) => {
            const pending = staffSessionOf(call);
            const { sessionId, ...response } = await auth.completeSecondFactor(
              db,
              pending,
              call.body,
              call.request.ip,
            );
            setCookie(call.reply, sessionId);
            return response;
          },
        },
        signOut: {
          handler: async ({ request, reply }) => {
            await endStaffSession(db, request.cookies[STAFF_COOKIE]);
            reply.clearCookie(STAFF_COOKIE, cookieOptions);
            return { signed_out: true };
          },
        },
        me: { handler: async (call) => signedIn(staffSessionOf(call).staff) },
        listStaff: { handler: async () => ({ staff: await staff.listStaff(db) }) },
        inviteStaff: {
          handler: (call) =>
            invitations.inviteStaff(db, actorOf(call), config.publicUrl, call.body),
        },
        listStaffInvitations: {
          handler: async () => ({ invitations: await invitations.listInvitations(db) }),
        },
        resendStaffInvitation: {
          handler: (call) =>
            invitations.resendInvitation(db, actorOf(call), config.publicUrl, call.params.id),
        },
        revokeStaffInvitation: {
          handler: async (call) => {
            await invitations.revokeInvitation(db, actorOf(call), call.params.id);
            return { revoked: true as const };
          },
        },
        updateStaff: {
          handler: async (call) => ({
            staff: await staff.updateStaff(db, actorOf(call), call.params.id, call.body),
          }),
        },
        resetStaffTwoFactor: {
          handler: (call) =>
            staff.resetStaffSignIn(db, actorOf(call), config.publicUrl, call.params.id),
        },
        audit: { handler: ({ query }) => listAudit(db, query) },
      },
    );
  };
}
