// Account calls at the spec's paths: thin handlers over the accounts and OTP services. The
// `access` cookie carries the session; login-type answers set it, logout clears it.
import {
  AddressRequest,
  AddressResponse,
  ChangePasswordRequest,
  CheckSessionRequest,
  CheckSessionResponse,
  ErrorResponse,
  LoginRequest,
  LoginResponse,
  OtpProcessRequest,
  OtpProcessResponse,
  PasswordChangedResponse,
  ProfileRequest,
  ProfileResponse,
  ResetPasswordRequest,
  SendEmailRequest,
  SendEmailResponse,
  SESSION_DESTROYED_MESSAGE,
  SessionDestroyResponse,
  ShippingAddressRequest,
  ShippingAddressResponse,
  SignupRequest,
  SignupResponse,
} from '@kitroom/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.js';
import { sessionUserId } from '../http/auth.js';
import { bodyEmail, clientIp, MINUTE_MS, rateLimitHook } from '../http/rate-limit.js';
import * as accounts from './accounts.service.js';
import * as otp from './otp.service.js';
import { SESSION_COOKIE, secureCookies, sessionCookieOptions } from './sessions.service.js';

/** The session id of a user-scoped request (its hook has checked the cookie). */
function sessionCookie(request: FastifyRequest): string {
  const id = request.cookies[SESSION_COOKIE];
  if (!id) throw new Error(`${request.url} has no session cookie after its session check`);
  return id;
}

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse };

export function accountsRoutes({ config, database, mailer }: AppDeps): FastifyPluginAsyncZod {
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

    app.post(
      '/PHPMailer/send_email.php',
      {
        schema: { body: SendEmailRequest, response: { 200: SendEmailResponse, ...errors } },
        // Per IP before the body is read; per address once it is validated.
        onRequest: [limit('otp-send-ip', limits.otpSendPerIp, 60, 'ip', tooManyCodes)],
        preHandler: [limit('otp-send-email', limits.otpSendPerEmail, 60, 'email', tooManyCodes)],
      },
      async (request): Promise<SendEmailResponse> => {
        const { email, action } = request.body;
        const message = await otp.sendCode({ db, mailer, log: request.log }, email, action);
        return { status: 'success', message };
      },
    );

    app.post(
      '/otpprocess.php',
      {
        schema: { body: OtpProcessRequest, response: { 200: OtpProcessResponse, ...errors } },
        onRequest: [limit('otp-check-ip', limits.otpCheckPerIp, 15, 'ip', tooManyChecks)],
        preHandler: [limit('otp-check-email', limits.otpCheckPerEmail, 15, 'email', tooManyChecks)],
      },
      async (request, reply): Promise<OtpProcessResponse> => {
        const outcome = await accounts.redeemOtp(db, request.body, request.cookies[SESSION_COOKIE]);
        setGrantCookie(reply, outcome.grant);
        if (outcome.kind === 'register') return { message: accounts.OTP_VERIFIED_MESSAGE };
        setSessionCookie(reply, outcome.sessionId);
        return { email: outcome.email, user_code: outcome.userId, session_id: outcome.handle };
      },
    );

    app.post(
      '/signup.php',
      {
        schema: {
          body: SignupRequest,
          response: { 200: SignupResponse, 409: ErrorResponse, ...errors },
        },
        onRequest: [limit('signup-ip', limits.signupPerIp, 15, 'ip', tooManySignups)],
        preHandler: [limit('signup-email', limits.signupPerEmail, 15, 'email', tooManySignups)],
      },
      async (request, reply): Promise<SignupResponse> => {
        const session = await accounts.signUp(
          db,
          request.body,
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
    );

    app.post(
      '/login_verification.php',
      {
        schema: { body: LoginRequest, response: { 200: LoginResponse, ...errors } },
        onRequest: [limit('login-ip', limits.loginPerIp, 15, 'ip', tooManyLogins)],
        preHandler: [limit('login-email', limits.loginPerEmail, 15, 'email', tooManyLogins)],
      },
      async (request, reply): Promise<LoginResponse> => {
        const session = await accounts.logIn(db, request.body, request.cookies[SESSION_COOKIE]);
        setSessionCookie(reply, session.sessionId);
        return { email: session.email, user_id: session.userId, session_id: session.handle };
      },
    );

    app.post(
      '/reset_password.php',
      {
        schema: {
          body: ResetPasswordRequest,
          response: { 200: PasswordChangedResponse, 404: ErrorResponse, ...errors },
        },
        config: { userScoped: 'user_id' },
      },
      async (request, reply): Promise<PasswordChangedResponse> => {
        const message = await accounts.resetPassword(
          db,
          sessionUserId(request),
          request.body,
          request.cookies[otp.GRANT_COOKIE],
          sessionCookie(request),
        );
        clearGrantCookie(reply);
        return { success: true, message };
      },
    );

    // Per user (the session's, checked by the auth hook before this preHandler) and per IP.
    const byUser = (request: FastifyRequest) => String(request.userId);
    app.post(
      '/change_password.php',
      {
        schema: {
          body: ChangePasswordRequest,
          response: { 200: PasswordChangedResponse, 404: ErrorResponse, ...errors },
        },
        config: { userScoped: 'user_id' },
        onRequest: [limit('password-ip', limits.loginPerIp, 15, 'ip', tooManyChanges)],
        preHandler: [
          rateLimitHook(app, {
            name: 'password-user',
            max: limits.loginPerEmail,
            windowMs: 15 * MINUTE_MS,
            key: byUser,
            message: tooManyChanges,
          }),
        ],
      },
      async (request): Promise<PasswordChangedResponse> => {
        const message = await accounts.changePassword(
          db,
          sessionUserId(request),
          request.body,
          sessionCookie(request),
        );
        return { success: true, message };
      },
    );

    app.post(
      '/check_session.php',
      { schema: { body: CheckSessionRequest, response: { 200: CheckSessionResponse, ...errors } } },
      async (request): Promise<CheckSessionResponse> => {
        const session = await accounts.checkSession(
          db,
          request.cookies[SESSION_COOKIE],
          request.body.session_id,
        );
        return { user_id: session.userId, session_id: session.handle };
      },
    );

    app.post(
      '/session_destroy.php',
      { schema: { response: { 200: SessionDestroyResponse } } },
      async (request, reply): Promise<SessionDestroyResponse> => {
        await accounts.logOut(db, request.cookies[SESSION_COOKIE]);
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
        return { message: SESSION_DESTROYED_MESSAGE };
      },
    );

    app.post(
      '/profile.php',
      {
        schema: { body: ProfileRequest, response: { 200: ProfileResponse, ...errors } },
        config: { userScoped: 'id' },
      },
      async (request): Promise<ProfileResponse> => ({
        user: await accounts.profile(db, sessionUserId(request)),
      }),
    );

    app.post(
      '/shipping_address.php',
      {
        schema: {
          body: ShippingAddressRequest,
          response: { 200: ShippingAddressResponse, ...errors },
        },
        config: { userScoped: 'user_id' },
      },
      async (request): Promise<ShippingAddressResponse> => ({
        address: await accounts.shippingAddress(db, sessionUserId(request)),
      }),
    );

    app.post(
      '/address.php',
      {
        schema: { body: AddressRequest, response: { 200: AddressResponse, ...errors } },
        config: { userScoped: 'user_id' },
      },
      async (request): Promise<AddressResponse> => {
        await accounts.saveShippingAddress(
          db,
          sessionUserId(request),
          request.body.shipping_address,
        );
        return { success: true };
      },
    );
  };
}
