// Rate limits, counted in the database (table rate_limits): every server process shares the
// counters and a restart does not reset them, so a limit means the same with one process or
// ten. @fastify/rate-limit does the bookkeeping (keys, IPv6 grouping, windows); the store is
// ours, one upsert per counted request. Routes add limits as hooks built by rateLimitHook.
import fastifyRateLimit, {
  normalizeIP,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.js';
import { queryRows } from '../db/index.js';
import { tooManyRequests } from './errors.js';

export const MINUTE_MS = 60_000;

/** Counts one request under key in its fixed window; returns the count and the ms left. */
export async function countHit(
  db: Queryable,
  key: string,
  windowMs: number,
  now = new Date(),
): Promise<{ current: number; ttl: number }> {
  const at = now.toISOString();
  const resetAt = new Date(now.getTime() + windowMs).toISOString();
  const [row] = await queryRows<{ hits: number; reset_ms: number }>(
    db,
    sql`INSERT INTO rate_limits (key, hits, reset_at) VALUES (${key}, 1, ${resetAt}::timestamptz)
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limits.reset_at <= ${at}::timestamptz THEN 1
                      ELSE rate_limits.hits + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= ${at}::timestamptz THEN excluded.reset_at
                          ELSE rate_limits.reset_at END
        RETURNING hits, (extract(epoch FROM reset_at) * 1000)::float8 AS reset_ms`,
  );
  const hits = Number(row?.hits ?? 1);
  // A new window is rare (once per key per window): the moment to drop windows that ended.
  if (hits === 1)
    await db.execute(sql`DELETE FROM rate_limits WHERE reset_at < ${at}::timestamptz`);
  return { current: hits, ttl: Math.max(0, Number(row?.reset_ms ?? 0) - now.getTime()) };
}

function databaseStore(db: Queryable): FastifyRateLimitStoreCtor {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      countHit(db, key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** Registers @fastify/rate-limit with the database store; no route is limited by default. */
export async function registerRateLimits(app: FastifyInstance, db: Queryable): Promise<void> {
  await app.register(fastifyRateLimit, { global: false, store: databaseStore(db) });
}

export interface RateLimitRule {
  /** Names the counter, e.g. 'login-email'; rules with different names count apart. */
  name: string;
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
  /** What is counted for this request: an address, the client's IP. */
  key: (request: FastifyRequest) => string;
  /** The 429 response's first sentence; the wait is added. */
  message: string;
}

/** The client's IP, IPv6 grouped by /64 (one household or phone holds a whole /64). */
export function clientIp(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/** The trimmed, lower-cased `email` of a validated body (use in a preHandler). */
export function bodyEmail(request: FastifyRequest): string {
  const body = request.body;
  if (body && typeof body === 'object' && 'email' in body && typeof body.email === 'string') {
    return body.email;
  }
  return '';
}

function describeWait(seconds: number): string {
  if (seconds >= 120) return `${Math.ceil(seconds / 60)} minutes`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/**
 * A hook that counts the request under the rule and responds 429 `{error}` with Retry-After
 * once the window's allowance is spent. Several rules may guard one route.
 */
export function rateLimitHook(app: FastifyInstance, rule: RateLimitRule) {
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${rule.name}:${rule.key(request)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds);
    reply.header('retry-after', seconds);
    throw tooManyRequests(`${rule.message} Please try again in ${describeWait(seconds)}.`);
  };
}
