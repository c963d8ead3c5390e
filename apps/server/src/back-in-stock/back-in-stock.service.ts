// Back in stock (decision 047): a shopper signs up for a sold-out size; a guest's address
// is confirmed by a mailed link first. The mail is written by the database when the size's
// stock goes from 0 to more, by whichever path, for confirmed requests only (migrations 0020,
// 0032), so no stock-changing service has to remember it.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  BACK_IN_STOCK_CONFIRM_HOURS,
  backInStockConfirmPath,
  type BackInStockConfirmResponse,
  type BackInStockResponse,
} from '@kitroom/contract';
import type { Db } from '../db/index.js';
import { Conflict, Invalid, NotFound } from '../domain-errors.js';
import { enqueue } from '../notifications/index.js';
import { backInStockConfirm, type BackInStockConfirmData } from './back-in-stock-confirm.mail.js';
import * as q from './back-in-stock.queries.js';

export const NO_SUCH_SIZE = 'This jersey is not sold in this size.';
export const EMAIL_NEEDED = 'email is required';
export const LINK_NOT_VALID =
  'This confirmation link is not valid. Please ask again with Notify me on the jersey’s page.';
export const LINK_EXPIRED =
  'This confirmation link has expired. Please ask again with Notify me on the jersey’s page.';
export const inStock = (size: string) => `Size ${size} is in stock: you can order it now.`;
export const confirmed = (name: string, size: string) =>
  `Thank you: we'll email you once when ${name} is back in size ${size}.`;
export const backAlready = (name: string, size: string) =>
  `Good news: ${name} is already back in size ${size}. You can order it now.`;

const HOUR_MS = 60 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Signs an address up for one sold-out size. A logged-in shopper's own address is confirmed
 * at once; a guest's waits for the link of the confirmation mail written here.
 */
export async function signUp(
  db: Db,
  publicUrl: string,
  r: { productId: number; size: string; email: string | undefined; userId: number | undefined },
  now = new Date(),
): Promise<BackInStockResponse> {
  return db.transaction(async (tx) => {
    const own = r.userId !== undefined;
    const email = r.userId !== undefined ? await q.userEmail(tx, r.userId) : r.email;
    if (email === undefined) throw new Invalid(EMAIL_NEEDED);
    const size = await q.lockSize(tx, r.productId, r.size);
    if (!size) throw new NotFound(NO_SUCH_SIZE);
    if (size.stock > 0) throw new Conflict(inStock(r.size));
    const key = { productId: r.productId, size: r.size, email };
    const waiting = await q.waitingRequest(tx, key);
    if (own) {
      if (waiting) await q.markConfirmed(tx, waiting.id);
      else await q.insertRequest(tx, { ...key, confirmed: true, tokenHash: null, expiresAt: null });
      return { success: true as const, email, needs_confirmation: false };
    }
    if (waiting?.confirmed) return { success: true as const, email, needs_confirmation: false };
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + BACK_IN_STOCK_CONFIRM_HOURS * HOUR_MS);
    let id: number;
    if (waiting) {
      id = waiting.id;
      await q.setToken(tx, id, hashOf(token), expiresAt);
    } else {
      id = await q.insertRequest(tx, {
        ...key,
        confirmed: false,
        tokenHash: hashOf(token),
        expiresAt,
      });
    }
    const data: BackInStockConfirmData = {
      product_id: r.productId,
      name: size.name,
      size: r.size,
      confirm_url: new URL(backInStockConfirmPath(id, token), publicUrl).toString(),
      hours: BACK_IN_STOCK_CONFIRM_HOURS,
    };
    await enqueue(tx, { template: backInStockConfirm, recipient: email, data });
    return { success: true as const, email, needs_confirmation: true };
  });
}

/**
 * back_in_stock_confirm.php: the mailed link's token confirms its request while it is valid;
 * a size already back closes the request (the page says so; nothing is mailed).
 */
export async function confirmByToken(
  db: Db,
  requestId: number,
  token: string,
  now = new Date(),
): Promise<BackInStockConfirmResponse> {
  return db.transaction(async (tx) => {
    const seen = await q.requestById(tx, requestId);
    const hash = seen?.confirm_token_hash;
    if (!seen || !hash || !sameHash(hash, hashOf(token))) throw new NotFound(LINK_NOT_VALID);
    // The size's row first, as a restock takes it, then the request's: no deadlock.
    const size = await q.lockSize(tx, seen.product_id, seen.size);
    const request = await q.requestById(tx, requestId, true);
    if (!size || !request) throw new NotFound(NO_SUCH_SIZE);
    const outcome = (in_stock: boolean, message: string) => ({
      product_id: request.product_id,
      size: request.size,
      in_stock,
      message,
    });
    if (request.confirmed_at !== null) {
      const name = request.product_name;
      return request.notified_at !== null
        ? outcome(true, backAlready(name, request.size))
        : outcome(false, confirmed(name, request.size));
    }
    if (request.notified_at !== null) throw new NotFound(LINK_NOT_VALID);
    const until = request.confirm_expires_at;
    if (until === null || new Date(until) <= now) throw new Invalid(LINK_EXPIRED);
    const back = size.stock > 0;
    await q.confirmRequest(tx, request.id, back);
    return back
      ? outcome(true, backAlready(request.product_name, request.size))
      : outcome(false, confirmed(request.product_name, request.size));
  });
}

/** The restocking hint of the back office: how many confirmed addresses wait for each size. */
export function waitingBySize(db: Db, productId: number) {
  return q.waitingBySize(db, productId);
}
