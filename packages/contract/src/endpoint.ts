// What one row of the storefront's endpoint table says: how the call is made, what it takes
// and responses, who may make it, and what the server does around its handler.
import type { z } from 'zod';

/**
 * Who may call:
 * - 'public': anyone;
 * - 'shopper': the logged-in shopper whose id the body names (`user_id`, or `userField`):
 *   401 without a live session, 403 when the body names another user or none;
 * - 'shopper-or-visitor': visitors too; a body that names a user must name the session's;
 * - 'session': the session cookie's shopper, for a link the browser follows (no body names
 *   anyone): 401 without a live session.
 * No storefront call is for staff: theirs are in @kitroom/contract/admin.
 */
export type ShopperAccess = 'public' | 'shopper' | 'shopper-or-visitor' | 'session';

/** The statuses a call may respond with an `{error}` body besides 200 (and 500). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 502;

/**
 * What a rate limit counts: the client's address (before the body is read), the body's
 * `email`, or the session's user (both once the body is validated). Over it: 429.
 */
export type LimitKey = 'ip' | 'email' | 'user';

export interface StorefrontEndpoint {
  method: 'GET' | 'POST';
  summary: string;
  access: ShopperAccess;
  /** The body field that names the shopper, when it is not `user_id` (profile.php: `id`). */
  userField?: 'id';
  /**
   * The hot path's shortcut (access 'shopper' only): the handler's own statement looks the
   * session up in the same round trip (apps/server/src/http/auth.ts).
   */
  sessionInStatement?: true;
  /** A GET call's query string. */
  query?: z.ZodType;
  /** A POST call's JSON body; absent: none is sent. */
  body?: z.ZodType;
  response: z.ZodType;
  /**
   * A call whose response depends on the body's shape: each form's body and what it returns,
   * the first form the body matches winning (as the server decides). Typing only: the server
   * validates with `body` and `response`, which cover every form.
   */
  forms?: readonly { body: z.ZodType; response: z.ZodType }[];
  errors: readonly ErrorStatus[];
  limits?: readonly LimitKey[];
  /** The cache-control header of the call's responses. */
  cacheControl?: string;
  /**
   * Served from cached JSON bytes (serialised once with `response`, sent as they are): the
   * handler sends them itself.
   */
  cached?: true;
  /** A file to download rather than a response to read: the handler sends it itself. */
  download?: 'application/json' | 'application/pdf';
}
