// The unpaid-order sweep: holds that ended give their stock and coupon uses back, orders that
// can no longer be paid are canceled, unconfirmed COD orders too; several server processes
// can run it at once.
import type { FastifyBaseLogger } from 'fastify';
import * as coupons from '../coupons/index.js';
import type { Db } from '../db/index.js';
import * as launches from '../launches/index.js';
import * as stock from '../stock/index.js';
import { DAY_MS, PAYABLE_DAYS } from './checkout.service.js';
import { cancelAbandonedOrders, cancelUnconfirmedCodOrders } from '../fulfilment/index.js';
import * as q from '../orders/orders.queries.js';

export const ORDER_SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 100;

/**
 * Gives back the stock and coupon uses of unpaid orders whose hold has ended, and cancels the
 * unpaid orders that can no longer be paid.
 */
export async function releaseExpiredOrders(db: Db, now = new Date()): Promise<number> {
  const released = await releaseHolds(db, now);
  await cancelAbandonedOrders(db, new Date(now.getTime() - PAYABLE_DAYS * DAY_MS), SWEEP_BATCH);
  return released;
}

async function releaseHolds(db: Db, now: Date): Promise<number> {
  let released = 0;
  for (;;) {
    const ids = await db.transaction(async (tx) => {
      const expired = await q.claimExpiredOrders(tx, now, SWEEP_BATCH);
      const given = await q.giveBackStock(tx, expired);
      await stock.insertLedgerEntries(
        tx,
        given.map((g) => ({ ...g, delta: g.quantity, reason: 'release' as const })),
      );
      await coupons.releaseCouponUses(tx, expired);
      return expired;
    });
    released += ids.length;
    if (ids.length < SWEEP_BATCH) return released;
  }
}

/**
 * One pass of the order sweep, as its timer runs it: holds that ended given back, unpaid
 * orders past paying and unconfirmed COD orders canceled, due kit-launch mails written, and
 * the "back in stock" mails a launch held back written once it is over.
 */
export async function sweepOrdersOnce(
  db: Db,
  publicUrl: string,
  now = new Date(),
): Promise<{ released: number; canceled: number; mailed: number }> {
  const released = await releaseExpiredOrders(db, now);
  const canceled = await cancelUnconfirmedCodOrders(db, publicUrl, now, SWEEP_BATCH);
  const mailed = await launches.writeDueAlerts(db);
  await launches.writeRestockMails(db, now);
  return { released, canceled, mailed };
}

export interface OrderSweep {
  stop(): Promise<void>;
}

/** Runs releaseExpiredOrders now and every interval until stopped (one run at a time). */
export function startOrderSweep(
  db: Db,
  log: FastifyBaseLogger,
  intervalMs: number,
  /** The shop's address, for the mails of cancelled unconfirmed COD orders. */
  publicUrl: string,
  /** Told of every run, with its error when it failed (the health monitor counts them). */
  onRun: (err?: unknown) => void = () => undefined,
): OrderSweep {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        const { released, canceled, mailed } = await sweepOrdersOnce(db, publicUrl);
        if (released > 0) log.info({ released }, 'gave back the stock of expired unpaid orders');
        if (canceled > 0) log.info({ canceled }, 'canceled unconfirmed cash-on-delivery orders');
        if (mailed > 0) log.info({ mailed }, 'wrote the mails of kit launches that started');
        onRun();
      } catch (err) {
        log.error({ err }, 'order sweep failed');
        onRun(err);
      }
    });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
