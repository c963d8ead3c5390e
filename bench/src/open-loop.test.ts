import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openLoop } from './open-loop.js';

let server: http.Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** A server that answers one request at a time, each after `ms`: it can serve 1000/ms a second. */
async function oneAtATime(ms: number): Promise<string> {
  let queue = Promise.resolve();
  server = http.createServer((req, res) => {
    req.resume();
    queue = queue.then(
      () =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            res.end('{}');
            resolve();
          }, ms),
        ),
    );
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * A server slow while it warms up: its first 10 answers take 150 ms each, then 1 ms. Returns
 * its address and the paths it was asked for, in order.
 */
async function slowWhileWarming(): Promise<{ base: string; seen: string[] }> {
  const seen: string[] = [];
  server = http.createServer((req, res) => {
    req.resume();
    seen.push(req.url!);
    setTimeout(() => res.end('{}'), seen.length <= 10 ? 150 : 1);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('open loop', () => {
  it('sends on schedule and charges a server that falls behind for the queue it builds', async () => {
    // 60 requests due over 0.5 s to a server that serves 50 a second: the last waits ≈ 0.7 s.
    const base = await oneAtATime(20);
    const f = await openLoop(base, {
      rate: 120,
      seconds: 0.5,
      warmupSeconds: 0,
      pid: process.pid,
      request: () => ({ method: 'POST', path: '/x', headers: {}, body: '{}' }),
    });
    expect(f).toMatchObject({ sent: 60, answered: 60, non2xx: 0, errors: 0 });
    // A closed-loop client would see ≈ 20 ms each; from the due moments the queue shows.
    expect(f.p99Ms).toBeGreaterThan(500);
    expect(f.achievedPerSecond).toBeLessThan(60);
  });

  it('reports a server that keeps up at about its service time', async () => {
    const base = await oneAtATime(2);
    const f = await openLoop(base, {
      rate: 50,
      seconds: 0.4,
      warmupSeconds: 0,
      pid: process.pid,
      request: () => ({ method: 'GET', path: '/x', headers: {} }),
    });
    expect(f).toMatchObject({ sent: 20, answered: 20 });
    expect(f.p50Ms).toBeLessThan(100);
  });

  it('sends the warm-up at the same rate first and counts only the requests after it', async () => {
    const { base, seen } = await slowWhileWarming();
    const f = await openLoop(base, {
      rate: 50,
      seconds: 0.4,
      warmupSeconds: 0.4,
      pid: process.pid,
      request: (i) => ({ method: 'GET', path: `/${i}`, headers: {} }),
    });
    // 20 warm-up requests (/0 … /19) went out first, then the 20 counted (/20 … /39).
    expect(seen).toHaveLength(40);
    expect(seen.slice(0, 20)).toContain('/0');
    expect(seen.slice(20)).toContain('/39');
    expect(f).toMatchObject({ sent: 20, answered: 20, non2xx: 0, errors: 0 });
    expect(f.maxMs).toBeLessThan(100);
  });

  it('without a warm-up, counts the slow first answers', async () => {
    const { base } = await slowWhileWarming();
    const f = await openLoop(base, {
      rate: 50,
      seconds: 0.4,
      warmupSeconds: 0,
      pid: process.pid,
      request: (i) => ({ method: 'GET', path: `/${i}`, headers: {} }),
    });
    expect(f).toMatchObject({ sent: 20, answered: 20 });
    expect(f.maxMs).toBeGreaterThanOrEqual(150);
    expect(f.slowestDueAtSeconds).toBeLessThan(0.2);
  });
});
