// Migrations that never lose data (issue 24): a shop's rows frozen as JSON at one migration
// (src/test/fixtures/migrations/<migration>.json), loaded into a database migrated up to that
// migration only, so the test can apply every later migration and check each row is still
// there as it was. A fixture is written once, by the code of that release:
//   npx tsx apps/server/src/test/migration-fixture.ts <out.json>
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, openDatabase, type Database, type Db } from '../db/client.js';
import { queryRows } from '../db/sql.js';

export interface MigrationFixture {
  /** The last migration the rows were written under, e.g. '0016_dashboard_rollups'. */
  migration: string;
  /** Each table's rows (to_jsonb, generated columns left out), in foreign-key order. */
  tables: { name: string; rows: Record<string, unknown>[] }[];
  /** Each sequence's last value. */
  sequences: Record<string, string>;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Migrates a database up to `tag` (inclusive) and no further. */
export async function migrateUpTo(database: Database, tag: string): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-migrations-'));
  try {
    cpSync(migrationsFolder, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((e) => e.tag === tag);
    if (last < 0) throw new Error(`no migration ${tag}`);
    journal.entries = journal.entries.slice(0, last + 1);
    writeFileSync(journalFile, JSON.stringify(journal));
    if (database.kind === 'pglite')
      await migratePglite(database.db as never, { migrationsFolder: dir });
    else await migratePg(database.db as never, { migrationsFolder: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The public tables, each after the tables its foreign keys point at. */
export async function tablesInOrder(db: Db): Promise<string[]> {
  const tables = (
    await queryRows<{ t: string }>(
      db,
      sql`SELECT c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 1`,
    )
  ).map((r) => r.t);
  const fks = await queryRows<{ child: string; parent: string }>(
    db,
    sql`SELECT cc.relname AS child, pc.relname AS parent FROM pg_constraint k
          JOIN pg_class cc ON cc.oid = k.conrelid JOIN pg_class pc ON pc.oid = k.confrelid
          JOIN pg_namespace n ON n.oid = cc.relnamespace
         WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (t: string) => {
    if (seen.has(t)) return;
    seen.add(t);
    for (const fk of fks) if (fk.child === t && fk.parent !== t) visit(fk.parent);
    order.push(t);
  };
  tables.forEach(visit);
  return order;
}

async function primaryKey(db: Db, table: string): Promise<string[]> {
  return (
    await queryRows<{ name: string }>(
      db,
      sql`SELECT a.attname AS name FROM pg_index i
            JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
           WHERE i.indrelid = ${`public.${ident(table)}`}::regclass AND i.indisprimary
           ORDER BY array_position(i.indkey, a.attnum)`,
    )
  ).map((r) => r.name);
}

async function generatedColumns(db: Db, table: string): Promise<string[]> {
  return (
    await queryRows<{ name: string }>(
      db,
      sql`SELECT attname AS name FROM pg_attribute
           WHERE attrelid = ${`public.${ident(table)}`}::regclass AND attnum > 0
             AND NOT attisdropped AND attgenerated <> ''`,
    )
  ).map((r) => r.name);
}

/** Every public table's rows as JSON objects (generated columns left out), by primary key. */
export async function tableRows(db: Db, table: string): Promise<Record<string, unknown>[]> {
  const pk = await primaryKey(db, table);
  const generated = await generatedColumns(db, table);
  const orderBy = pk.length ? `ORDER BY ${pk.map((c) => `x.${ident(c)}`).join(', ')}` : '';
  const rows = await queryRows<{ r: Record<string, unknown> | string }>(
    db,
    sql.raw(
      `SELECT to_jsonb(x) - ARRAY[${generated.map((g) => `'${g}'`).join(', ') || "''"}]::text[] AS r
         FROM public.${ident(table)} x ${orderBy}`,
    ),
  );
  return rows.map((r) =>
    typeof r.r === 'string' ? (JSON.parse(r.r) as Record<string, unknown>) : r.r,
  );
}

/** Each table's rows (generated columns left out), by table name. */
export type TableRows = Map<string, Record<string, unknown>[]>;

/** The rows of the given tables (all public tables when none are given). */
export async function snapshotTables(db: Db, tables?: string[]): Promise<TableRows> {
  const out: TableRows = new Map();
  for (const t of tables ?? (await tablesInOrder(db))) out.set(t, await tableRows(db, t));
  return out;
}

/**
 * Counters later migrations are meant to move: the catalogue version is bumped by every change
 * to what the caches derive from (migration 0009 writes the shop's details), so its value moves
 * while its row stays.
 */
const MOVING: Record<string, string[]> = {
  // 0048 dropped the product version for the product log keyed by transaction (decision 084).
  catalogue_version: ['version', 'product_version'],
  // 0056 dropped stock_quantity, the sum of the sizes' stock, which product_sizes keeps (and
  // sold_out, generated from it, is generated from the count of sizes in stock; decision 100).
  products: ['stock_quantity', 'sold_out'],
};

/** Caches' bookkeeping that later migrations replaced: no shop data, rebuilt from nothing. */
const REPLACED = new Set(['catalogue_product_changes']);

const keyOf = (row: Record<string, unknown>, pk: string[]) => JSON.stringify(pk.map((c) => row[c]));

/**
 * What a database lost or changed of the rows it had: a row gone, or a column it had with
 * another value ('orders [3] payment_status: "SUCCESS" → "FAILED"'). Columns added since are
 * not compared. Empty when every row kept every column.
 */
export async function lostOrChanged(db: Db, before: TableRows): Promise<string[]> {
  const problems: string[] = [];
  for (const [t, oldRows] of before) {
    if (REPLACED.has(t)) continue;
    const columns = (oldRows[0] ? Object.keys(oldRows[0]) : []).filter(
      (c) => !MOVING[t]?.includes(c),
    );
    const pk = columns.includes('id') ? ['id'] : columns;
    const nowRows = await tableRows(db, t);
    const now = new Map(nowRows.map((r) => [keyOf(r, pk), r]));
    if (nowRows.length !== oldRows.length)
      problems.push(`${t}: ${oldRows.length} rows before, ${nowRows.length} now`);
    for (const old of oldRows) {
      const row = now.get(keyOf(old, pk));
      if (!row) {
        problems.push(`${t} ${keyOf(old, pk)}: gone`);
        continue;
      }
      for (const c of columns) {
        if (JSON.stringify(row[c]) !== JSON.stringify(old[c]))
          problems.push(
            `${t} ${keyOf(old, pk)} ${c}: ${JSON.stringify(old[c])} → ${JSON.stringify(row[c])}`,
          );
      }
    }
  }
  return problems;
}

/** The fixture of a database's rows now. */
export async function writeFixture(db: Db, migration: string): Promise<MigrationFixture> {
  const tables = [];
  for (const name of await tablesInOrder(db))
    tables.push({ name, rows: await tableRows(db, name) });
  const seqs = await queryRows<{ name: string; v: string }>(
    db,
    sql`SELECT sequencename AS name, last_value::text AS v FROM pg_sequences
         WHERE schemaname = 'public' AND last_value IS NOT NULL ORDER BY 1`,
  );
  return { migration, tables, sequences: Object.fromEntries(seqs.map((s) => [s.name, s.v])) };
}

/**
 * Loads a fixture into a database at its migration: every table emptied first (the rows the
 * migrations wrote are in the fixture too), user triggers off so rollups are not counted twice.
 */
export async function loadFixture(db: Db, fixture: MigrationFixture): Promise<void> {
  await db.transaction(async (tx) => {
    const all = fixture.tables.map((t) => `public.${ident(t.name)}`);
    for (const t of all) await tx.execute(sql.raw(`ALTER TABLE ${t} DISABLE TRIGGER USER`));
    await tx.execute(sql.raw(`TRUNCATE ${all.join(', ')}`));
    for (const t of fixture.tables) {
      if (t.rows.length === 0) continue;
      const cols = Object.keys(t.rows[0]!).map(ident).join(', ');
      const name = `public.${ident(t.name)}`;
      await tx.execute(
        sql`${sql.raw(`INSERT INTO ${name} (${cols}) OVERRIDING SYSTEM VALUE SELECT ${cols} FROM json_populate_recordset(NULL::${name},`)} ${JSON.stringify(t.rows)}::json)`,
      );
    }
    for (const t of all) await tx.execute(sql.raw(`ALTER TABLE ${t} ENABLE TRIGGER USER`));
    for (const [name, v] of Object.entries(fixture.sequences)) {
      await tx.execute(
        sql`SELECT setval(${`public.${ident(name)}`}::regclass, ${v}::bigint, true)`,
      );
    }
  });
}

/**
 * Runs a fixture written as SQL (src/test/fixtures/migrations/<migration>.sql: a shop of a
 * release older than the JSON writer, in that release's schema) on a database at its migration.
 */
export async function loadSqlFixture(database: Database, text: string): Promise<void> {
  // Several statements in one string: PGlite's exec, and pg's simple protocol (no parameters).
  if (database.pglite) await database.pglite.exec(text);
  else await database.db.execute(sql.raw(text));
}

// Run as a script: a small shop (products, shoppers, paid orders, an invoice and a credit
// note) made by this checkout's code, written as the fixture of its newest migration.
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const out = process.argv[2];
  if (!out) throw new Error('usage: migration-fixture.ts <out.json>');
  const { smallShop } = await import('./backups.js');
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kitroom-fixture-'));
  await smallShop(database.db, dataDir);
  const fixture = await writeFixture(database.db, journal.entries.at(-1)!.tag);
  writeFileSync(out, `${JSON.stringify(fixture, null, 1)}\n`);
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`wrote ${out}: ${fixture.tables.reduce((n, t) => n + t.rows.length, 0)} rows`);
}
