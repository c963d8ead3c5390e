// The shop's settings: one row (id 1), seeded by migration 0009.
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { shopSettings } from '../db/index.js';

export type SettingsRow = typeof shopSettings.$inferSelect;
export type SettingsWrite = Partial<Omit<SettingsRow, 'id' | 'updatedAt'>>;

export async function readSettings(db: Queryable): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  return row;
}

/** The row, locked until the transaction ends (two owners' edits queue up). */
export async function lockSettings(db: Queryable): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1)).for('update');
  return row;
}

export async function updateSettings(db: Queryable, set: SettingsWrite): Promise<SettingsRow> {
  const [row] = await db
    .update(shopSettings)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(shopSettings.id, 1))
    .returning();
  if (!row) throw new Error('shop_settings has no row 1');
  return row;
}
