// Teams and players for back-office tests: valid profiles to send, rows to edit, and the
// permission table's samples.
import type { PlayerRequest, TeamRequest } from '@kitroom/contract/admin';
import { slugify } from '@kitroom/contract';
import type { Db } from '../db/client.js';
import { players, teams } from '../db/schema.js';

export function teamRequest(n: number, o: Partial<TeamRequest> = {}): TeamRequest {
  return {
    name: `Test United ${n}`,
    short_name: 'TU',
    founded: '1901',
    stadium: 'Test Park',
    bio: 'A club made for a test.',
    trophies: '2 cups',
    league_titles: '1 title',
    color_primary: '#112233',
    color_secondary: '#ffcc00',
    featured_position: null,
    ...o,
  };
}

export function playerRequest(n: number, o: Partial<PlayerRequest> = {}): PlayerRequest {
  return {
    name: `Test Striker ${n}`,
    team_id: null,
    shirt_number: '9',
    bio: 'Scores in tests.',
    career_goals: '100+',
    trophies: '1 cup',
    color_primary: '#112233',
    color_secondary: '#ffcc00',
    featured_position: null,
    ...o,
  };
}

/** A team row with only its name (no profile), as the catalogue's import makes them. */
export async function insertTeam(db: Db, name: string): Promise<number> {
  const [row] = await db
    .insert(teams)
    .values({ name, slug: slugify(name) })
    .returning();
  return row!.id;
}

export async function insertPlayer(db: Db, name: string): Promise<number> {
  const [row] = await db
    .insert(players)
    .values({ name, slug: slugify(name) })
    .returning();
  return row!.id;
}

/** A valid call of each teams and players endpoint (admin-permissions.test.ts). */
export function profileSamples(next: () => number) {
  return {
    listTeams: async () => ({ url: '/api/admin/teams' }),
    createTeam: async () => ({ url: '/api/admin/teams', payload: teamRequest(next()) }),
    updateTeam: async (db: Db) => ({
      url: `/api/admin/teams/${await insertTeam(db, `Sample Team ${next()}`)}`,
      payload: { bio: 'Edited.' },
    }),
    listPlayers: async () => ({ url: '/api/admin/players' }),
    createPlayer: async () => ({ url: '/api/admin/players', payload: playerRequest(next()) }),
    updatePlayer: async (db: Db) => ({
      url: `/api/admin/players/${await insertPlayer(db, `Sample Player ${next()}`)}`,
      payload: { career_goals: '12' },
    }),
  };
}
