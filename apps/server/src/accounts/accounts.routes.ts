// Account calls at the spec's paths: thin handlers over the accounts and OTP services. The
// `access` cookie carries the session; login-type responses set it, logout clears it.
import { SESSION_DESTROYED_MESSAGE } from '@kitroom/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app.js';
import {
  sessionUserId,
  bodyEmail,
  clientIp,
  MINUTE_MS,
  rateLimitHook,
  registerStorefrontRoutes,
} from '../http/index.js';
import * as accounts from './accounts.service.js';
import * as otp from './otp.service.js';
import { SESSION_COOKIE, secureCookies, sessionCookieOptions } from './sessions.service.js';

/** The session id of a user-scoped request (its hook has checked the cookie). */
function sessionCookie(request: FastifyRequest): string {
  const id = request.cookies[SESSION_COOKIE];
  if (!id) throw new Error(`${request.url} has no session cookie after its session check`);
  return id;
}

export function accountsRoutes({ config, database, mailer }: AppDeps): FastifyPluginAsync {
  const db = database.db;
  const cookieOptions = sessionCookieOptions(config.publicUrl);
  const grantOptions = otp.grantCookieOptions(secureCookies(config.publicUrl));
  const limits = config.rateLimits;

  return async (app) => {
    const setSessionCookie = (reply: FastifyReply, sessionId: string) =>
      reply.setCookie(SESSION_COOKIE, sessionId, cookieOptions);
    const setGrantCookie = (reply: FastifyReply, token: string) =>
      reply.setCookie(otp.GRANT_COOKIE, token, grantOptions);
    const clearGrantCookie = (reply: FastifyReply) =>
      reply.clearCookie(otp.GRANT_COOKIE, grantOptions);

    const limit = (
      name: string,
      max: number,
      windowMinutes: number,
      by: 'ip' | 'email',
      message: string,
    ) =>
      rateLimitHook(app, {
        name,
        max,
        windowMs: windowMinutes * MINUTE_MS,
        key: by === 'ip' ? clientIp : bodyEmail,
        message,
      });
    const tooManyCodes = 'Too many OTP requests.';
    const tooManyChecks = 'Too many OTP attempts.';
    const tooManyLogins = 'Too many login attempts.';
    const tooManySignups = 'Too many registration attempts.';
    const tooManyChanges = 'Too many password attempts.';

    // Per user: the session's, checked by the auth hook before the limit counts it.
    const byUser = (request: FastifyRequest) => String(request.userId);

    registerStorefrontRoutes(app, {
      'PHPMailer/send_email.php': {
        limits: {
          ip: limit('otp-send-ip', limits.otpSendPerIp, 60, 'ip', tooManyCodes),
          email: limit('otp-send-email', limits.otpSendPerEmail, 60, 'email', tooManyCodes),
        },
        handler: async ({ body, request }) => {
          const { email, action } = body;
          const message = await otp.sendCode({ db, mailer, log: request.log }, email, action);
          return { status: 'success', message };
        },
      },

      'otpprocess.php': {
        limits: {
          ip: limit('otp-check-ip', limits.otpCheckPerIp, 15, 'ip', tooManyChecks),
          email: limit('otp-check-email', limits.otpCheckPerEmail, 15, 'email', tooManyChecks),
        },
        handler: async ({ body, request, reply }) => {
          const outcome = await accounts.redeemOtp(db, body, request.cookies[SESSION_COOKIE]);
          setGrantCookie(reply, outcome.grant);
          if (outcome.kind === 'register') return { message: accounts.OTP_VERIFIED_MESSAGE };
          setSessionCookie(reply, outcome.sessionId);
          return { email: outcome.email, user_code: outcome.userId, session_id: outcome.handle };
        },
      },

      'signup.php': {
        limits: {
          ip: limit('signup-ip', limits.signupPerIp, 15, 'ip', tooManySignups),
          email: limit('signup-email', limits.signupPerEmail, 15, 'email', tooManySignups),
        },
        handler: async ({ body, request, reply }) => {
          const session = await accounts.signUp(
            db,
            body,
            request.cookies[otp.GRANT_COOKIE],
            request.cookies[SESSION_COOKIE],
          );
          clearGrantCookie(reply);
          setSessionCookie(reply, session.sessionId);
          return {
            success: true,
            email: session.email,
            user_id: session.userId,
            session_id: session.handle,
          };
        },
      },

      'login_verification.php': {
        limits: {
          ip: limit('login-ip', limits.loginPerIp, 15, 'ip', tooManyLogins),
          email: limit('login-email', limits.loginPerEmail, 15, 'email', tooManyLogins),
        },
        handler: async ({ body, request, reply }) => {
          const session = await accounts.logIn(db, body, request.cookies[SESSION_COOKIE]);
          setSessionCookie(reply, session.sessionId);
          return { email: session.email, user_id: session.userId, session_id: session.handle };
        },
      },

      'reset_password.php': async ({ body, request, reply }) => {
        const message = await accounts.resetPassword(
          db,
          sessionUserId(request),
          body,
          request.cookies[otp.GRANT_COOKIE],
          sessionCookie(request),
        );
        clearGrantCookie(reply);
        return { success: true, message };
      },

      'change_password.php': {
        limits: {
          ip: limit('password-ip', limits.loginPerIp, 15, 'ip', tooManyChanges),
          user: rateLimitHook(app, {
            name: 'password-user',
            max: limits.loginPerEmail,
            windowMs: 15 * MINUTE_MS,
            key: byUser,
            message: tooManyChanges,
          }),
        },
        handler: async ({ body, request }) => {
          const message = await accounts.changePassword(
            db,
            sessionUserId(request),
            body,
            sessionCookie(request),
          );
          return { success: true, message };
        },
      },

      'check_session.php': async ({ body, request }) => {
        const session = await accounts.checkSession(
          db,
          request.cookies[SESSION_COOKIE],
          body.session_id,
        );
        return { user_id: session.userId, session_id: session.handle };
      },

      'session_destroy.php': async ({ request, reply }) => {
        await accounts.logOut(db, request.cookies[SESSION_COOKIE]);
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
        return { message: SESSION_DESTROYED_MESSAGE };
      },

      'profile.php': async ({ request }) => ({
        user: await accounts.profile(db, sessionUserId(request)),
      }),

      'shipping_address.php': async ({ request }) => ({
        address: await accounts.shippingAddress(db, sessionUserId(request)),
      }),

      'address.php': async ({ body, request }) => {
        await accounts.saveShippingAddress(db, sessionUserId(request), body.shipping_address);
        return { success: true };
      },
    });
  };
}
