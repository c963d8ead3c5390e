// What a failed query says, read the same way from pg and PGlite: both throw PostgreSQL's
// error (a five-character SQLSTATE `code` and a `severity`), which Drizzle wraps in an error
// of its own carrying the statement and its parameters.
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { stdSerializers } from 'pino';

/** The parts of PostgreSQL's error that both drivers carry. */
export interface DatabaseErrorFields {
  /** SQLSTATE, e.g. '22021' (character_not_in_repertoire). */
  code: string;
  severity: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** Errors wrap causes a few deep at most; the bound only guards against a cycle. */
const MAX_CAUSES = 5;

function* causes(err: unknown): Generator<Record<string, unknown>> {
  let current = err;
  for (let depth = 0; depth < MAX_CAUSES; depth++) {
    if (current === null || typeof current !== 'object') return;
    const record = current as Record<string, unknown>;
    yield record;
    current = record.cause;
  }
}

/** The database's own error inside `err` (itself or a cause), if there is one. */
export function databaseErrorOf(err: unknown): DatabaseErrorFields | undefined {
  for (const e of causes(err)) {
    if (typeof e.code === 'string' && SQLSTATE.test(e.code) && typeof e.severity === 'string') {
      return { code: e.code, severity: e.severity };
    }
  }
  return undefined;
}

/** SQLSTATE of `kitroom_refuse(reason)` (migration 0053): a statement refused on its condition. */
const REFUSED = 'KR001';

/** The reason a statement gave `kitroom_refuse`, if that is why `err` failed; else null. */
export function refusalOf(err: unknown): string | null {
  for (const e of causes(err)) {
    if (e.code === REFUSED && typeof e.message === 'string') return e.message;
  }
  return null;
}

/**
 * Class 22, data exception: a value the database cannot take (a character its encoding
 * lacks, a number out of range, text where a number belongs), i.e. the request's input.
 */
export function isDataException(fields: DatabaseErrorFields): boolean {
  return fields.code.startsWith('22');
}

/** The statement a failed query ran, as Drizzle or PGlite kept it (placeholders, no values). */
function statementOf(err: unknown): string | undefined {
  for (const e of causes(err)) if (typeof e.query === 'string') return e.query;
  return undefined;
}

export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * An error as the log shows it. A failed query's own texts carry the request's data — Drizzle's
 * message lists the parameters (addresses, feedback), PostgreSQL's detail quotes key values —
 * so it is logged by its SQLSTATE, its statement and where it was thrown, and nothing else.
 */
export function loggableError(err: Error): LoggedError {
  const database = databaseErrorOf(err);
  if (!database) return stdSerializers.err(err);
  return {
    type: 'DatabaseError',
    message: `The query failed with SQLSTATE ${database.code}.`,
    code: database.code,
    severity: database.severity,
    statement: statementOf(err),
    stack: (err.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  };
}

/** The SQLSTATE of a failure for want of room (class 53: disk full, out of memory), if it is one. */
export function resourceFailureOf(err: unknown): string | undefined {
  const fields = databaseErrorOf(err);
  return fields?.code.startsWith('53') ? fields.code : undefined;
}

/**
 * Whether the database PANICked (PostgreSQL's severity for "this server cannot go on": a
 * checkpoint or WAL write failed), or PGlite's WebAssembly aborted. PostgreSQL restarts
 * itself after one; PGlite runs inside this process, which must restart instead.
 */
export function isDatabasePanic(err: unknown): boolean {
  for (const e of causes(err)) {
    if (e.severity === 'PANIC') return true;
    // WebAssembly.RuntimeError (an abort, an unreachable trap): the only error of that name.
    if (e.name === 'RuntimeError') return true;
  }
  return false;
}

/** What a request gets (503) while the database is away or cannot write. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'Our database is not available right now. Please try again in a minute.';

/**
 * SQLSTATEs of a database that is away or out of room rather than of a wrong request:
 * class 08 (connection exception), class 53 (insufficient resources: disk full, out of
 * memory, too many connections), 57P01–57P03 (shut down by an administrator or a crash,
 * starting up).
 */
function isUnavailableState(code: string): boolean {
  return (
    code.startsWith('08') || code.startsWith('53') || ['57P01', '57P02', '57P03'].includes(code)
  );
}

/** The network failing under pg: the server restarting, a failover, a cut cable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** pg's own words for a connection it lost or could not open (it gives them no code). */
const LOST_CONNECTION =
  /^Connection terminated|is not queryable|timeout exceeded when trying to connect/;

/**
 * Why a server could not open its PostgreSQL at start, in the owner's words, when it is
 * something about reaching or logging in to it (a wrong DATABASE_URL, PostgreSQL stopped, a
 * firewall); undefined for any other failure.
 */
export function databaseStartFailure(err: unknown, waitedMs: number): string | undefined {
  for (const e of causes(err)) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    const message = typeof e.message === 'string' ? e.message : '';
    if (code === 'ECONNREFUSED') return 'refused the connection (ECONNREFUSED)';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      return `has a host name that could not be looked up (${code})`;
    if (code && NETWORK_CODES.has(code)) return `could not be reached (${code})`;
    if (/timeout exceeded when trying to connect|connection timeout/i.test(message))
      return `did not answer within ${waitedMs / 1000} seconds`;
    if (code === '28P01' || code === '28000') return `refused the login: ${message}`;
    if (code === '3D000') return `has no such database: ${message}`;
  }
  return undefined;
}

/**
 * Whether `err` (or a cause) says the database is unreachable or cannot take writes now, so
 * the request may work when tried again: a 503, not a 500. A restart of PostgreSQL shows as
 * 57P01 on the query in flight, then as refused connections and 57P03 until it is back.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let parent: Record<string, unknown> | undefined;
  for (const e of causes(err)) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && SQLSTATE.test(code) && typeof e.severity === 'string') {
      if (isUnavailableState(code)) return true;
    } else if (code && NETWORK_CODES.has(code)) {
      // pg's own connect error, bare or as Drizzle's query's cause; deeper, it is some other
      // service's (fetch wraps a refused connection as its cause) and not the database.
      if (!parent || parent instanceof DrizzleQueryError) return true;
    }
    if (typeof e.message === 'string' && LOST_CONNECTION.test(e.message)) return true;
    parent = e;
  }
  return false;
}
