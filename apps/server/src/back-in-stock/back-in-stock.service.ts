// Back in stock (decision 047): a shopper signs up for a sold-out size; the mail is written by
// the database when the size's stock goes from 0 to more, by whichever path (migration 0020),
// so no stock-changing service has to remember it.
import type { Db } from '../db/client.js';
import { Conflict, Invalid, NotFound } from '../domain-errors.js';
import * as q from './back-in-stock.queries.js';

export const NO_SUCH_SIZE = 'This jersey is not sold in this size.';
export const EMAIL_NEEDED = 'email is required';
export const inStock = (size: string) => `Size ${size} is in stock: you can order it now.`;

/** Signs an address up for one sold-out size; answers the address that will be mailed. */
export async function signUp(
  db: Db,
  r: { productId: number; size: string; email: string | undefined; userId: number | undefined },
): Promise<string> {
  return db.transaction(async (tx) => {
    const email = r.userId === undefined ? r.email : await q.userEmail(tx, r.userId);
    if (email === undefined) throw new Invalid(EMAIL_NEEDED);
    const size = await q.lockSize(tx, r.productId, r.size);
    if (!size) throw new NotFound(NO_SUCH_SIZE);
    if (size.stock > 0) throw new Conflict(inStock(r.size));
    await q.insertRequest(tx, { productId: r.productId, size: r.size, email });
    return email;
  });
}

/** The restocking hint of the back office: how many wait for each size. */
export function waitingBySize(db: Db, productId: number) {
  return q.waitingBySize(db, productId);
}
