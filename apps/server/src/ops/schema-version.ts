// Which migrations the code has and which a database has applied: drizzle records each applied
// migration with its journal entry's time (`when`), so the newest applied time names the
// schema version.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Db, queryRows } from '../db/index.js';

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The code's migrations, oldest first. */
export function codeMigrations(folder = migrationsFolder): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map((e) => ({ idx: e.idx, when: e.when, tag: e.tag }));
}

/** A migration's short name as people say it: '0018' for 0018_privacy. */
export function migrationNumber(tag: string): string {
  return tag.split('_')[0] ?? tag;
}

export interface SchemaVersion {
  /** The last migration applied, e.g. '0018_privacy'; null when none was. */
  migration: string | null;
  /** Its journal time (drizzle's created_at); null when none was applied. */
  when: number | null;
  /** How many migrations were applied. */
  applied: number;
}

/** The database's schema version, read from drizzle's migrations table. */
export async function schemaVersion(db: Db, folder = migrationsFolder): Promise<SchemaVersion> {
  const exists = await queryRows<{ t: string | null }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t`,
  );
  if (!exists[0]?.t) return { migration: null, when: null, applied: 0 };
  const rows = await queryRows<{ n: string | number; newest: string | number | null }>(
    db,
    sql`SELECT count(*) AS n, max(created_at) AS newest FROM drizzle.__drizzle_migrations`,
  );
  const applied = Number(rows[0]?.n ?? 0);
  const newest =
    rows[0]?.newest === null || rows[0]?.newest === undefined ? null : Number(rows[0].newest);
  if (newest === null) return { migration: null, when: null, applied };
  const entry = codeMigrations(folder).find((e) => e.when === newest);
  // A migration the code does not know: made by newer code; its number is the count applied.
  const migration = entry?.tag ?? `${String(applied - 1).padStart(4, '0')}_unknown`;
  return { migration, when: newest, applied };
}

/** The code's migrations a database has not applied yet. */
export function pendingMigrations(
  version: SchemaVersion,
  folder = migrationsFolder,
): JournalEntry[] {
  return codeMigrations(folder).filter((e) => version.when === null || e.when > version.when);
}

/** True when the schema was made by code with migrations this code does not have. */
export function isNewerThanCode(version: SchemaVersion, folder = migrationsFolder): boolean {
  if (version.when === null) return false;
  const newestCode = codeMigrations(folder).at(-1)?.when ?? 0;
  return version.when > newestCode;
}
