// The refunds' sweep: every minute, refunds the provider never took (it was down, or its
// response was lost) are sent again with their own key, so the provider makes each one once,
// and refunds it took but has not finished are looked up in case their webhook never comes.
// Several server processes may run it at once: each refund is claimed (refunds.queries.ts
// claimDueRefunds) before it is sent.
import { sendRefund, lookUpRefund, type RefundContext } from '../orders/index.js';
import * as q from '../orders/refunds.queries.js';

export const REFUND_SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 20;

/**
 * One pass: claims the refunds that are due, and sends or looks up each. Each response is stored
 * at the pass's `now`, so the row is not due again for another process sweeping at that time.
 */
export async function sweepRefunds(
  ctx: RefundContext,
  now = new Date(),
): Promise<{ sent: number; lookedUp: number }> {
  let sent = 0;
  let lookedUp = 0;
  for (;;) {
    const due = await q.claimDueRefunds(ctx.db, {
      provider: ctx.provider.name,
      lookups: ctx.provider.lookupRefund !== undefined,
      now,
      limit: SWEEP_BATCH,
    });
    for (const refund of due) {
      if (refund.status === 'requested') {
        await sendRefund(ctx, refund.id, now);
        sent += 1;
      } else {
        await lookUpRefund(ctx, refund.id, now);
        lookedUp += 1;
      }
    }
    if (due.length < SWEEP_BATCH) return { sent, lookedUp };
  }
}

export interface RefundSweep {
  stop(): Promise<void>;
}

/** Runs sweepRefunds now and every interval until stopped (one pass at a time). */
export function startRefundSweep(
  ctx: RefundContext,
  intervalMs: number,
  /** Told of every run, with its error when it failed (the health monitor counts them). */
  onRun: (err?: unknown) => void = () => undefined,
): RefundSweep {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        const done = await sweepRefunds(ctx);
        if (done.sent + done.lookedUp > 0) ctx.log.info(done, 'refunds sent again or looked up');
        onRun();
      } catch (err) {
        ctx.log.error({ err }, 'refund sweep failed');
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
