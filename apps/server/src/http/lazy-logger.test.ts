import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { lazyChildLogger } from './lazy-logger.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line));
      }
      done();
    },
  });
  return { lines, stream };
}

describe('lazyChildLogger', () => {
  it('writes what a pino child writes, from the level up', () => {
    const { lines, stream } = capture();
    const parent = pino({ level: 'warn', redact: ['token'] }, stream);
    const lazy = lazyChildLogger(parent, { reqId: 'r-1', token: 'secret' }, {});
    lazy.info('not written');
    lazy.debug({ a: 1 }, 'not written either');
    lazy.warn({ a: 1 }, 'slow response');
    parent.child({ reqId: 'r-1', token: 'secret' }).warn({ a: 1 }, 'slow response');
    expect(lines).toHaveLength(2);
    const [mine, theirs] = lines.map(({ time: _time, ...rest }) => rest);
    expect(mine).toEqual(theirs);
    expect(mine).toMatchObject({ reqId: 'r-1', token: '[Redacted]', a: 1, msg: 'slow response' });
    expect(lazy.level).toBe('warn');
  });

  it("follows a route's own level", () => {
    const { lines, stream } = capture();
    const lazy = lazyChildLogger(
      pino({ level: 'warn' }, stream),
      { reqId: 'r-2' },
      {
        level: 'debug',
      },
    );
    expect(lazy.level).toBe('debug');
    lazy.debug('written');
    lazy.trace('not written');
    expect(lines.map((l) => l.msg)).toEqual(['written']);
  });
});

describe('request logs', () => {
  const { lines, stream } = capture();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
  });
  afterAll(() => t?.close());

  it("carry the request's id", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/home.php',
      headers: { 'x-request-id': 'edge-7' },
    });
    expect(res.statusCode).toBe(200);
    const mine = lines.filter((l) => l.reqId === 'edge-7').map((l) => l.msg);
    expect(mine).toEqual(['incoming request', 'request completed']);
  });
});
