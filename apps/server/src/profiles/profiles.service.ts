// Team and player profiles: the storefront's response (kept per catalogue version, which the
// teams' and players' triggers bump), and the back office's lists and edits, each edit
// audited in its own transaction.
import { ProfilesResponse, slugify, type PlayerProfile, type TeamProfile } from '@kitroom/contract';
import type { AdminPlayer, AdminTeam, PlayerFields, TeamFields } from '@kitroom/contract/admin';
import { cachedAt } from '../catalogue/index.js';
import type { Db, Queryable } from '../db/index.js';
import { databaseErrorOf } from '../db/index.js';
import { jsonBody, type JsonBody } from '../http/index.js';
import { Conflict, Invalid, NotFound } from '../domain-errors.js';
import { record, type Actor } from '../staff/index.js';
import * as q from './profiles.queries.js';

// ── The storefront ──

export interface KeptProfiles {
  response: ProfilesResponse;
  body: JsonBody;
}

const colorsOf = (row: { colorPrimary: string; colorSecondary: string }): [string, string] => [
  row.colorPrimary,
  row.colorSecondary,
];

async function readProfiles(db: Queryable): Promise<ProfilesResponse> {
  const [teamRows, playerRows] = await Promise.all([
    q.writtenTeamProfiles(db),
    q.writtenPlayerProfiles(db),
  ]);
  const teams: TeamProfile[] = teamRows.map((t) => ({
    name: t.name,
    short_name: t.shortName,
    founded: t.founded,
    stadium: t.stadium,
    bio: t.bio,
    trophies: t.trophies,
    league_titles: t.leagueTitles,
    colors: colorsOf(t),
    featured_position: t.featuredPosition,
  }));
  const players: PlayerProfile[] = playerRows.map(({ player: p, teamName }) => ({
    name: p.name,
    team_name: teamName,
    shirt_number: p.shirtNumber,
    bio: p.bio,
    career_goals: p.careerGoals,
    trophies: p.trophies,
    colors: colorsOf(p),
    featured_position: p.featuredPosition,
  }));
  return { teams, players };
}

/**
 * profiles.php's response and its bytes, kept per catalogue version: a cached call costs the
 * shared version read and no query, and an edit in any process shows at the next request.
 */
export async function profiles(db: Queryable): Promise<KeptProfiles> {
  const { cache, version } = await cachedAt(db);
  return cache.result(version, 'profiles', async () => {
    const response = await readProfiles(db);
    const body = jsonBody(ProfilesResponse, response);
    return { value: { response, body }, products: [], bytes: body.bytes * 2 };
  });
}

// ── The back office ──

function toAdminTeam(t: q.TeamRow, productCount: number): AdminTeam {
  return {
    id: t.id,
    name: t.name,
    slug: t.slug,
    short_name: t.shortName,
    founded: t.founded,
    stadium: t.stadium,
    bio: t.bio,
    trophies: t.trophies,
    league_titles: t.leagueTitles,
    color_primary: t.colorPrimary,
    color_secondary: t.colorSecondary,
    featured_position: t.featuredPosition,
    product_count: Number(productCount),
    updated_at: t.updatedAt.toISOString(),
  };
}

function toAdminPlayer(p: q.PlayerRow, teamName: string | null, productCount: number): AdminPlayer {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    team_id: p.teamId,
    team_name: teamName,
    shirt_number: p.shirtNumber,
    bio: p.bio,
    career_goals: p.careerGoals,
    trophies: p.trophies,
    color_primary: p.colorPrimary,
    color_secondary: p.colorSecondary,
    featured_position: p.featuredPosition,
    product_count: Number(productCount),
    updated_at: p.updatedAt.toISOString(),
  };
}

/** The fields an audit entry shows: the row as staff see it, without bookkeeping. */
function auditFields(row: q.TeamRow | q.PlayerRow): Record<string, unknown> {
  const { updatedAt: _updatedAt, id: _id, ...fields } = row;
  return fields;
}

function teamWrite(input: Partial<TeamFields>): Partial<q.TeamWrite> {
  return {
    ...(input.name !== undefined ? { name: input.name, slug: slugify(input.name) } : {}),
    ...(input.short_name !== undefined ? { shortName: input.short_name } : {}),
    ...(input.founded !== undefined ? { founded: input.founded } : {}),
    ...(input.stadium !== undefined ? { stadium: input.stadium } : {}),
    ...(input.bio !== undefined ? { bio: input.bio } : {}),
    ...(input.trophies !== undefined ? { trophies: input.trophies } : {}),
    ...(input.league_titles !== undefined ? { leagueTitles: input.league_titles } : {}),
    ...(input.color_primary !== undefined ? { colorPrimary: input.color_primary } : {}),
    ...(input.color_secondary !== undefined ? { colorSecondary: input.color_secondary } : {}),
    ...(input.featured_position !== undefined ? { featuredPosition: input.featured_position } : {}),
  };
}

function playerWrite(input: Partial<PlayerFields>): Partial<q.PlayerWrite> {
  return {
    ...(input.name !== undefined ? { name: input.name, slug: slugify(input.name) } : {}),
    ...(input.team_id !== undefined ? { teamId: input.team_id } : {}),
    ...(input.shirt_number !== undefined ? { shirtNumber: input.shirt_number } : {}),
    ...(input.bio !== undefined ? { bio: input.bio } : {}),
    ...(input.career_goals !== undefined ? { careerGoals: input.career_goals } : {}),
    ...(input.trophies !== undefined ? { trophies: input.trophies } : {}),
    ...(input.color_primary !== undefined ? { colorPrimary: input.color_primary } : {}),
    ...(input.color_secondary !== undefined ? { colorSecondary: input.color_secondary } : {}),
    ...(input.featured_position !== undefined ? { featuredPosition: input.featured_position } : {}),
  };
}

/** What another row's name, slug or featured place means for this write: a 409 naming it. */
function clashMessage(
  kind: 'team' | 'player',
  other: { name: string; slug: string; featuredPosition: number | null },
  wanted: { name?: string; slug?: string; featuredPosition?: number | null },
): string {
  if (wanted.featuredPosition != null && other.featuredPosition === wanted.featuredPosition) {
    return `Featured position ${wanted.featuredPosition} is already ${other.name}'s: clear it there first.`;
  }
  return `A ${kind} named ${other.name} already exists.`;
}

/** A unique index that refused a write another request made meanwhile: the same 409. */
async function uniquely<T>(kind: 'team' | 'player', work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (databaseErrorOf(err)?.code === '23505') {
      throw new Conflict(
        `Another ${kind} took this name or featured position meanwhile: try again.`,
      );
    }
    throw err;
  }
}

export async function listTeams(db: Queryable): Promise<AdminTeam[]> {
  const rows = await q.listTeams(db);
  return rows.map((r) => toAdminTeam(r.team, r.productCount));
}

/** Adds a team with its profile. */
export async function createTeam(db: Db, actor: Actor, input: TeamFields): Promise<AdminTeam> {
  const set = teamWrite(input) as q.TeamWrite;
  return uniquely('team', () =>
    db.transaction(async (tx) => {
      const other = await q.teamClash(tx, 0, set);
      if (other) throw new Conflict(clashMessage('team', other, set));
      const row = await q.insertTeam(tx, set);
      await record(tx, actor, {
        entity: 'team',
        entityId: row.id,
        action: 'create',
        after: auditFields(row),
      });
      return toAdminTeam(row, 0);
    }),
  );
}

/** Changes a team's name or profile. */
export async function updateTeam(
  db: Db,
  actor: Actor,
  id: number,
  input: Partial<TeamFields>,
): Promise<AdminTeam> {
  const set = teamWrite(input);
  return uniquely('team', () =>
    db.transaction(async (tx) => {
      const before = await q.lockTeam(tx, id);
      if (!before) throw new NotFound('No such team.');
      const other = await q.teamClash(tx, id, set);
      if (other) throw new Conflict(clashMessage('team', other, set));
      await q.updateTeam(tx, id, set);
      const after = await q.teamWithCount(tx, id);
      if (!after) throw new Error(`team ${id} vanished while being updated`);
      await record(tx, actor, {
        entity: 'team',
        entityId: id,
        action: 'update',
        before: auditFields(before),
        after: auditFields(after.team),
      });
      return toAdminTeam(after.team, after.productCount);
    }),
  );
}

export async function listPlayers(db: Queryable): Promise<AdminPlayer[]> {
  const rows = await q.listPlayers(db);
  return rows.map((r) => toAdminPlayer(r.player, r.teamName, r.productCount));
}

async function checkTeam(tx: Queryable, teamId: number | null | undefined): Promise<void> {
  if (teamId != null && !(await q.teamExists(tx, teamId))) {
    throw new Invalid('team_id: there is no such team');
  }
}

/** Adds a player with their profile. */
export async function createPlayer(
  db: Db,
  actor: Actor,
  input: PlayerFields,
): Promise<AdminPlayer> {
  const set = playerWrite(input) as q.PlayerWrite;
  return uniquely('player', () =>
    db.transaction(async (tx) => {
      await checkTeam(tx, input.team_id);
      const other = await q.playerClash(tx, 0, set);
      if (other) throw new Conflict(clashMessage('player', other, set));
      const row = await q.insertPlayer(tx, set);
      await record(tx, actor, {
        entity: 'player',
        entityId: row.id,
        action: 'create',
        after: auditFields(row),
      });
      const shown = await q.playerWithCount(tx, row.id);
      return toAdminPlayer(row, shown?.teamName ?? null, 0);
    }),
  );
}

/** Changes a player's name, team or profile. */
export async function updatePlayer(
  db: Db,
  actor: Actor,
  id: number,
  input: Partial<PlayerFields>,
): Promise<AdminPlayer> {
  const set = playerWrite(input);
  return uniquely('player', () =>
    db.transaction(async (tx) => {
      const before = await q.lockPlayer(tx, id);
      if (!before) throw new NotFound('No such player.');
      await checkTeam(tx, input.team_id);
      const other = await q.playerClash(tx, id, set);
      if (other) throw new Conflict(clashMessage('player', other, set));
      await q.updatePlayer(tx, id, set);
      const after = await q.playerWithCount(tx, id);
      if (!after) throw new Error(`player ${id} vanished while being updated`);
      await record(tx, actor, {
        entity: 'player',
        entityId: id,
        action: 'update',
        before: auditFields(before),
        after: auditFields(after.player),
      });
      return toAdminPlayer(after.player, after.teamName, after.productCount);
    }),
  );
}

/** The seed's profiles: written on the teams and players of these names. */
export async function writeProfilesByName(
  db: Queryable,
  teams: readonly (Omit<TeamFields, 'featured_position'> & { featured_position: number | null })[],
  players: readonly (Omit<PlayerFields, 'featured_position' | 'team_id'> & {
    featured_position: number | null;
  })[],
): Promise<void> {
  for (const t of teams) {
    const { name: _name, ...fields } = t;
    await q.setTeamProfileByName(db, t.name, teamWrite(fields));
  }
  for (const p of players) {
    const { name: _name, ...fields } = p;
    await q.setPlayerProfileByName(db, p.name, playerWrite(fields));
  }
}
