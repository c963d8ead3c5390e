// The sandbox courier's sweep (decision 032): the planned tracking events that are due are
// posted to our own webhook over HTTP (PUBLIC_URL + /api + its path), as a real courier's
// servers would. A post that fails is tried again with a growing delay, and a waybill's later
// events wait for it, so the shop hears a parcel's news in order. Several server processes
// may sweep at once: each event is leased (claimed) before it is posted.
import type { FastifyBaseLogger } from 'fastify';
import { webhookBody, type SandboxCourier } from './sandbox.courier.js';
import * as q from './sandbox.queries.js';

const BATCH = 20;
/** How long a claimed event is left to its poster before another sweep may take it. */
const LEASE_MS = 60_000;
const BACKOFF_BASE_MS = 10_000;
const BACKOFF_MAX_MS = 15 * 60_000;

/** Posts one body with the given headers; resolves to the response's status. */
export type Poster = (
  url: string,
  body: unknown,
  headers: Record<string, string>,
) => Promise<number>;

export const fetchPoster: Poster = async (url, body, headers) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  return res.status;
};

export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts));
}

export interface SandboxSweepOptions {
  courier: SandboxCourier;
  /** Where our webhook listens: PUBLIC_URL. */
  publicUrl: string;
  post?: Poster;
  log?: FastifyBaseLogger;
}

/** One pass at `now`: returns how many events were posted and how many failed. */
export async function sweepSandboxCourier(
  options: SandboxSweepOptions,
  now = new Date(),
): Promise<{ posted: number; failed: number }> {
  const post = options.post ?? fetchPoster;
  const url = `${options.publicUrl}/api${options.courier.webhookPath}`;
  const db = options.courier.db;
  let posted = 0;
  let failed = 0;
  for (;;) {
    const due = await q.claimDue(db, now, new Date(now.getTime() + LEASE_MS), BATCH);
    for (const event of due) {
      // Each scan at its own moment, in the order posted: a waybill's events posted in one
      // pass (picked up, in transit, out for delivery, failed) would otherwise share one
      // time, and a late copy of an earlier one could not be told from a newer one.
      const at = new Date(now.getTime() + posted + failed);
      let status = 0;
      try {
        status = await post(url, webhookBody(event, at), options.courier.webhookHeaders());
      } catch (err) {
        options.log?.warn({ err, awb: event.awb }, 'sandbox courier could not post an event');
      }
      if (status >= 200 && status < 300) {
        await q.markPosted(db, event.id, at);
        posted += 1;
      } else {
        await q.markFailed(db, event.id, new Date(now.getTime() + backoffMs(event.attempts)));
        failed += 1;
      }
    }
    // Posting one event makes its waybill's next one the first unposted: another round.
    if (due.length === 0 || posted + failed > 10_000) return { posted, failed };
  }
}

export interface SandboxSweep {
  stop(): Promise<void>;
}

/** Runs the sweep now and every interval until stopped (one pass at a time). */
export function startSandboxSweep(options: SandboxSweepOptions, intervalMs: number): SandboxSweep {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        const done = await sweepSandboxCourier(options);
        if (done.posted + done.failed > 0) options.log?.info(done, 'sandbox courier events posted');
      } catch (err) {
        options.log?.error({ err }, 'sandbox courier sweep failed');
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
