// The cart reminder sweep (decision 065): every RECOVERY_SWEEP_SECONDS it writes the
// reminders due to the outbox; several server processes may run it at once (a cart's
// reminder is one row, unique per shopper and cart).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import { writeDueReminders } from './recovery.service.js';

export interface RecoverySweep {
  stop(): Promise<void>;
}

/** Runs writeDueReminders now and every interval until stopped (one run at a time). */
export function startRecoverySweep(
  deps: { db: Db; publicUrl: string },
  log: FastifyBaseLogger,
  intervalMs: number,
  /** Told of every run, with its error when it failed (the health monitor counts them). */
  onRun: (err?: unknown) => void = () => undefined,
): RecoverySweep {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        const written = await writeDueReminders(deps.db, deps.publicUrl);
        if (written > 0) log.info({ written }, 'cart reminders written to the outbox');
        onRun();
      } catch (err) {
        log.error({ err }, 'cart reminder sweep failed');
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
