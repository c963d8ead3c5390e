// Teams and players with their profiles: the back office's lists and writes, and the
// storefront's profiles (those someone has written).
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/index.js';
import { players, teams } from '../db/index.js';

export type TeamRow = typeof teams.$inferSelect;
export type PlayerRow = typeof players.$inferSelect;
export type TeamWrite = Omit<typeof teams.$inferInsert, 'id' | 'updatedAt'>;
export type PlayerWrite = Omit<typeof players.$inferInsert, 'id' | 'updatedAt'>;

// Written out: inside a subquery Drizzle would name the columns without their tables, and
// "id" would then be the product's own.
const teamProducts = sql<number>`(SELECT count(*)::int FROM products p WHERE p.team_id = teams.id)`;
const playerProducts = sql<number>`(SELECT count(*)::int FROM products p WHERE p.player_id = players.id)`;

const featuredFirst = (position: typeof teams.featuredPosition | typeof players.featuredPosition) =>
  sql`${position} ASC NULLS LAST`;

/** Every team with its product count, the featured ones first, then by name. */
export function listTeams(db: Queryable) {
  return db
    .select({
      team: teams,
      productCount: teamProducts,
    })
    .from(teams)
    .orderBy(featuredFirst(teams.featuredPosition), asc(teams.name));
}

export async function teamWithCount(db: Queryable, id: number) {
  const [row] = await db
    .select({
      team: teams,
      productCount: teamProducts,
    })
    .from(teams)
    .where(eq(teams.id, id));
  return row;
}

/** The row, locked until the transaction ends. */
export async function lockTeam(db: Queryable, id: number) {
  const [row] = await db.select().from(teams).where(eq(teams.id, id)).for('update');
  return row;
}

/** Another team holding this name (or its slug) or this featured place. */
export async function teamClash(
  db: Queryable,
  exceptId: number,
  clash: { name?: string; slug?: string; featuredPosition?: number | null },
) {
  const conditions = [
    clash.name !== undefined ? eq(teams.name, clash.name) : undefined,
    clash.slug !== undefined ? eq(teams.slug, clash.slug) : undefined,
    clash.featuredPosition != null ? eq(teams.featuredPosition, clash.featuredPosition) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(teams)
    .where(and(ne(teams.id, exceptId), or(...conditions)))
    .limit(1);
  return row;
}

export async function insertTeam(db: Queryable, row: TeamWrite): Promise<TeamRow> {
  const [inserted] = await db.insert(teams).values(row).returning();
  if (!inserted) throw new Error('insert into teams returned no row');
  return inserted;
}

export async function updateTeam(
  db: Queryable,
  id: number,
  set: Partial<TeamWrite>,
): Promise<TeamRow> {
  const [row] = await db
    .update(teams)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(teams.id, id))
    .returning();
  if (!row) throw new Error(`team ${id} vanished while being updated`);
  return row;
}

/** Every player with their team's name and product count, the featured ones first. */
export function listPlayers(db: Queryable) {
  return db
    .select({
      player: players,
      teamName: teams.name,
      productCount: playerProducts,
    })
    .from(players)
    .leftJoin(teams, eq(teams.id, players.teamId))
    .orderBy(featuredFirst(players.featuredPosition), asc(players.name));
}

export async function playerWithCount(db: Queryable, id: number) {
  const [row] = await db
    .select({
      player: players,
      teamName: teams.name,
      productCount: playerProducts,
    })
    .from(players)
    .leftJoin(teams, eq(teams.id, players.teamId))
    .where(eq(players.id, id));
  return row;
}

export async function lockPlayer(db: Queryable, id: number) {
  const [row] = await db.select().from(players).where(eq(players.id, id)).for('update');
  return row;
}

export async function playerClash(
  db: Queryable,
  exceptId: number,
  clash: { name?: string; slug?: string; featuredPosition?: number | null },
) {
  const conditions = [
    clash.name !== undefined ? eq(players.name, clash.name) : undefined,
    clash.slug !== undefined ? eq(players.slug, clash.slug) : undefined,
    clash.featuredPosition != null
      ? eq(players.featuredPosition, clash.featuredPosition)
      : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(players)
    .where(and(ne(players.id, exceptId), or(...conditions)))
    .limit(1);
  return row;
}

export async function teamExists(db: Queryable, id: number): Promise<boolean> {
  const [row] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, id));
  return row !== undefined;
}

export async function insertPlayer(db: Queryable, row: PlayerWrite): Promise<PlayerRow> {
  const [inserted] = await db.insert(players).values(row).returning();
  if (!inserted) throw new Error('insert into players returned no row');
  return inserted;
}

export async function updatePlayer(
  db: Queryable,
  id: number,
  set: Partial<PlayerWrite>,
): Promise<PlayerRow> {
  const [row] = await db
    .update(players)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(players.id, id))
    .returning();
  if (!row) throw new Error(`player ${id} vanished while being updated`);
  return row;
}

// A profile is written when any of its fields differs from the column's default; the
// storefront shows a generic profile for the rest, so only these are sent.
const teamWritten = sql`(${teams.shortName} <> '' OR ${teams.founded} <> '' OR ${teams.stadium} <> ''
  OR ${teams.bio} <> '' OR ${teams.trophies} <> '' OR ${teams.leagueTitles} <> ''
  OR ${teams.colorPrimary} <> '#111827' OR ${teams.colorSecondary} <> '#e5e7eb'
  OR ${teams.featuredPosition} IS NOT NULL)`;
const playerWritten = sql`(${players.shirtNumber} <> '' OR ${players.bio} <> ''
  OR ${players.careerGoals} <> '' OR ${players.trophies} <> ''
  OR ${players.colorPrimary} <> '#111827' OR ${players.colorSecondary} <> '#e5e7eb'
  OR ${players.featuredPosition} IS NOT NULL)`;

/** The teams with a written profile, featured first in their order, then by name. */
export function writtenTeamProfiles(db: Queryable) {
  return db
    .select()
    .from(teams)
    .where(teamWritten)
    .orderBy(featuredFirst(teams.featuredPosition), asc(teams.name));
}

export function writtenPlayerProfiles(db: Queryable) {
  return db
    .select({ player: players, teamName: teams.name })
    .from(players)
    .leftJoin(teams, eq(teams.id, players.teamId))
    .where(playerWritten)
    .orderBy(featuredFirst(players.featuredPosition), asc(players.name));
}

/** Writes the profile of the team or player of this name, if there is one (the seed). */
export async function setTeamProfileByName(db: Queryable, name: string, set: Partial<TeamWrite>) {
  await db.update(teams).set(set).where(eq(teams.name, name));
}

export async function setPlayerProfileByName(
  db: Queryable,
  name: string,
  set: Partial<PlayerWrite>,
) {
  await db.update(players).set(set).where(eq(players.name, name));
}
