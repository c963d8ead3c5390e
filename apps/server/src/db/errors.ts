// What a failed query says, read the same way from pg and PGlite: both throw PostgreSQL's
// error (a five-character SQLSTATE `code` and a `severity`), which Drizzle wraps in an error
// of its own carrying the statement and its parameters.
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
