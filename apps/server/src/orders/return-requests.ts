// A return or exchange request as every step on it begins: locked after its order (the order
// first, as every order step), and the words refusing a step its status does not allow.
import { RETURN_STATUS_LABELS, type ReturnKind } from '@kitroom/contract';
import type { Queryable } from '../db/index.js';
import { Conflict, NotFound } from '../domain-errors.js';
import type { Actor } from '../staff/index.js';
import { SYSTEM, type OrderActor } from './order-events.js';
import * as oq from './orders.queries.js';
import * as q from './returns.queries.js';

export const RETURN_NOT_FOUND = 'Return not found.';

export function staffActor(actor: Actor): OrderActor {
  return actor.staffId === null ? SYSTEM : { kind: 'staff', staffId: actor.staffId, ip: actor.ip };
}

export const KIND_WORDS: Record<ReturnKind, string> = { return: 'Return', exchange: 'Exchange' };

/** "Return #4 is rejected, so it cannot be received." */
export function refusal(r: q.ReturnRow, what: string): Error {
  const status = RETURN_STATUS_LABELS[r.status].toLowerCase();
  return new Conflict(`${KIND_WORDS[r.kind]} #${r.id} is ${status}, so it cannot ${what}.`);
}

/** The request and its order, locked in that order (the order first, as every order step). */
export async function lockBoth(tx: Queryable, id: number) {
  const orderId = await q.orderIdOfReturn(tx, id);
  if (orderId === undefined) throw new NotFound(RETURN_NOT_FOUND);
  const order = (await oq.lockOrder(tx, orderId))!;
  const r = (await q.lockReturn(tx, id))!;
  return { order, r, lines: await q.linesOfReturns(tx, [id]) };
}
