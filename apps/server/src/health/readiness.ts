// Readiness beyond "the database responds": on a full disk `SELECT 1` still responds while every
// order fails, so /readyz also says not ready while the database cannot write — a query
// refused for want of room a moment ago, or (PGlite, whose files are in DATA_DIR) too little
// free space left for the next WAL segment.
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { diskSpace, type StatFs } from '../ops/index.js';

/** How long a refused write keeps the process not ready: the next refused write renews it. */
export const WRITE_FAILURE_MEMORY_MS = 30_000;
const MIB = 1024 * 1024;
/** PGlite writes its WAL in 16 MiB segments: with less free, the next one cannot be made. */
export const PGLITE_MIN_FREE_BYTES = 16 * MIB;

const REASONS: Record<string, string> = {
  '53100': 'its disk is full',
  '53200': 'it is out of memory',
  '53300': 'it has too many connections',
};

/** Why the database cannot take writes now, for /readyz; null when nothing says so. */
export async function writeTrouble(
  ctx: { config: Config; database: Database; statfs?: StatFs },
  now = new Date(),
): Promise<string | null> {
  const failure = ctx.database.lastResourceFailure();
  if (failure && now.getTime() - failure.at.getTime() < WRITE_FAILURE_MEMORY_MS) {
    const why = REASONS[failure.code] ?? `SQLSTATE ${failure.code}`;
    return `The database refused a write at ${failure.at.toISOString()}: ${why}.`;
  }
  if (ctx.database.kind === 'pglite') {
    const disk = await diskSpace(ctx.config.dataDir, ctx.statfs);
    if (disk && disk.freeBytes < PGLITE_MIN_FREE_BYTES) {
      return `The disk that holds DATA_DIR has ${Math.floor(disk.freeBytes / MIB)} MB free: the database cannot write.`;
    }
  }
  return null;
}
