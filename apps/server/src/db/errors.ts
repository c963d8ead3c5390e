// What a failed query says, read the same way from pg and PGlite: both throw PostgreSQL's
// error (a five-character SQLSTATE `code` and a `severity`), which Drizzle wraps in an error
// of its own carrying the statement and its parameters.

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
