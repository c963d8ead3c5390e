// Teams and players in the back office, as staff use them: lists, a new profile, an edit, the
// contract's checks, featured places that stay unique, the audit log, roles that may only
// read — and the storefront's profiles.php following every edit at once, in every process.
import { ProfilesResponse } from '@kitroom/contract';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import type { Db } from '../db/index.js';
import { auditLog, drizzleOnPool } from '../db/index.js';
import { NOT_ALLOWED } from '../staff/index.js';
import { adminClient, type AdminClient } from '../test/admin-client.js';
import { createProduct } from '../test/factories.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { insertTeam, playerRequest, teamRequest } from '../test/profiles.js';
import { createStaff } from '../test/staff.js';

let t: TestApp;
let manager: AdminClient;
let packer: AdminClient;

beforeAll(async () => {
  t = await startTestApp();
  const origin = new URL(t.config.publicUrl).origin;
  manager = adminClient(t.app, origin, (await createStaff(t.db, 'manager')).cookie);
  packer = adminClient(t.app, origin, (await createStaff(t.db, 'packer')).cookie);
  // Ids that differ from the teams' own, so a count cannot be right by chance.
  await createProduct(t.db, { name: 'Brazil Home Jersey', team: 'Brazil' });
  await createProduct(t.db, { name: 'Chelsea Home Jersey', team: 'Chelsea' });
  await createProduct(t.db, { name: 'Chelsea Away Jersey', team: 'Chelsea' });
});
afterAll(() => t?.close());

async function storefrontProfiles(app: App = t.app): Promise<ProfilesResponse> {
  const res = await app.inject({ method: 'GET', url: '/api/profiles.php' });
  expect(res.statusCode).toBe(200);
  return ProfilesResponse.parse(res.json());
}

async function auditOf(entity: string, id: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(id)))
    .then((rows) => rows.filter((r) => r.entity === entity));
}

/** The app of another server process on the same database, with its own caches. */
async function secondProcess(): Promise<App> {
  const client = (t.db as unknown as { $client: unknown }).$client;
  const db =
    t.database.kind === 'postgres'
      ? drizzleOnPool(client as pg.Pool)
      : drizzlePglite(client as PGlite);
  const app = await buildApp({
    config: t.config,
    database: { ...t.database, db: db as unknown as Db },
    orderSweep: false,
  });
  await app.ready();
  return app;
}

describe('teams', () => {
  let id: number;

  it('are created with their profile, audited, and shown on the storefront', async () => {
    const res = await manager.call(
      'POST',
      '/api/admin/teams',
      teamRequest(1, {
        name: 'Gokulam Kerala',
        short_name: 'gkfc',
        color_primary: '#8B0000',
        featured_position: 3,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const team = res.json().team;
    id = team.id;
    expect(team).toMatchObject({
      name: 'Gokulam Kerala',
      slug: 'gokulam-kerala',
      short_name: 'GKFC',
      color_primary: '#8b0000',
      featured_position: 3,
      product_count: 0,
    });
    const [entry] = await auditOf('team', id);
    expect(entry).toMatchObject({ action: 'create', before: null });
    expect(entry!.after).toMatchObject({ name: 'Gokulam Kerala', shortName: 'GKFC' });
    expect((await storefrontProfiles()).teams).toContainEqual({
      name: 'Gokulam Kerala',
      short_name: 'GKFC',
      founded: '1901',
      stadium: 'Test Park',
      bio: 'A club made for a test.',
      trophies: '2 cups',
      league_titles: '1 title',
      colors: ['#8b0000', '#ffcc00'],
      featured_position: 3,
    });
  });

  it('are listed with their product counts, the featured ones first', async () => {
    const res = await packer.call('GET', '/api/admin/teams');
    expect(res.statusCode).toBe(200);
    const teams = res.json().teams as { name: string; product_count: number }[];
    expect(teams.map((x) => [x.name, x.product_count])).toEqual([
      ['Gokulam Kerala', 0],
      ['Brazil', 1],
      ['Chelsea', 2],
    ]);
  });

  it('are edited, with before and after in the audit log, and every process shows it', async () => {
    const other = await secondProcess();
    try {
      await storefrontProfiles(other);
      const res = await manager.call('PATCH', `/api/admin/teams/${id}`, {
        bio: 'The Malabarians of Kozhikode.',
        stadium: 'EMS Stadium, Kozhikode',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().team).toMatchObject({
        bio: 'The Malabarians of Kozhikode.',
        founded: '1901',
      });
      const entries = await auditOf('team', id);
      expect(entries.at(-1)).toMatchObject({ action: 'update' });
      expect(entries.at(-1)!.before).toMatchObject({ bio: 'A club made for a test.' });
      expect(entries.at(-1)!.after).toMatchObject({ bio: 'The Malabarians of Kozhikode.' });
      for (const app of [t.app, other]) {
        const shown = (await storefrontProfiles(app)).teams.find(
          (x) => x.name === 'Gokulam Kerala',
        );
        expect(shown).toMatchObject({
          bio: 'The Malabarians of Kozhikode.',
          stadium: 'EMS Stadium, Kozhikode',
        });
      }
    } finally {
      await other.close();
    }
  });

  it('give a team without a profile one, and then the storefront lists it', async () => {
    const chelsea = (await manager.call('GET', '/api/admin/teams'))
      .json()
      .teams.find((x: { name: string }) => x.name === 'Chelsea');
    expect((await storefrontProfiles()).teams.map((x) => x.name)).not.toContain('Chelsea');
    const res = await manager.call('PATCH', `/api/admin/teams/${chelsea.id}`, {
      short_name: 'CHE',
      color_primary: '#034694',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storefrontProfiles()).teams.find((x) => x.name === 'Chelsea')).toMatchObject({
      short_name: 'CHE',
      colors: ['#034694', '#e5e7eb'],
      featured_position: null,
    });
  });

  it('keep featured places and names unique, with a message saying whose it is', async () => {
    const other = await insertTeam(t.db, 'Odisha FC');
    const taken = await manager.call('PATCH', `/api/admin/teams/${other}`, {
      featured_position: 3,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      error: "Featured position 3 is already Gokulam Kerala's: clear it there first.",
    });
    const named = await manager.call(
      'POST',
      '/api/admin/teams',
      teamRequest(2, { name: 'Chelsea' }),
    );
    expect(named.statusCode).toBe(409);
    expect(named.json()).toEqual({ error: 'A team named Chelsea already exists.' });
    const renamed = await manager.call('PATCH', `/api/admin/teams/${other}`, { name: 'Chelsea' });
    expect(renamed.statusCode).toBe(409);
    // The place is free once its holder lets it go.
    await manager.call('PATCH', `/api/admin/teams/${id}`, { featured_position: null });
    const moved = await manager.call('PATCH', `/api/admin/teams/${other}`, {
      featured_position: 3,
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('refuse bad fields with 400 naming the field, and change nothing', async () => {
    const cases: [object, string][] = [
      [{ color_primary: '#12345' }, 'color_primary: color_primary must be a colour like #1e3a8a'],
      [
        { color_secondary: 'red' },
        'color_secondary: color_secondary must be a colour like #1e3a8a',
      ],
      [{ featured_position: 9 }, 'featured_position: featured_position must be from 1 to 8'],
      [{ featured_position: 0 }, 'featured_position: featured_position must be from 1 to 8'],
      [
        { short_name: 'TOOLONG' },
        'short_name: short_name must be 2 to 4 letters or digits, like RMA',
      ],
      [{ bio: 'x'.repeat(601) }, 'bio: bio must be at most 600 characters'],
      [{ name: '  ' }, 'name: name is required'],
      [{}, 'nothing to change'],
    ];
    const before = await auditOf('team', id);
    for (const [body, error] of cases) {
      const res = await manager.call('PATCH', `/api/admin/teams/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: `Invalid request: ${error}` });
    }
    const missing = await manager.call('POST', '/api/admin/teams', { name: 'Half a team' });
    expect(missing.statusCode).toBe(400);
    expect(await auditOf('team', id)).toEqual(before);
  });

  it('respond 404 for an unknown team', async () => {
    const res = await manager.call('PATCH', '/api/admin/teams/999999', { bio: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No such team.' });
  });

  it('may be read but not changed by a packer', async () => {
    const res = await packer.call('PATCH', `/api/admin/teams/${id}`, { bio: 'Packed.' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: NOT_ALLOWED });
    const created = await packer.call('POST', '/api/admin/teams', teamRequest(3));
    expect(created.statusCode).toBe(403);
    expect((await storefrontProfiles()).teams.map((x) => x.bio)).not.toContain('Packed.');
  });
});

describe('players', () => {
  let id: number;
  let teamId: number;

  it('are created with a team and a profile, audited, and shown on the storefront', async () => {
    teamId = await insertTeam(t.db, 'Kerala United');
    const res = await manager.call(
      'POST',
      '/api/admin/players',
      playerRequest(1, { name: 'Sahal Abdul Samad', team_id: teamId, featured_position: 1 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    id = res.json().player.id;
    expect(res.json().player).toMatchObject({ team_name: 'Kerala United', shirt_number: '9' });
    expect(await auditOf('player', id)).toHaveLength(1);
    expect((await storefrontProfiles()).players).toEqual([
      {
        name: 'Sahal Abdul Samad',
        team_name: 'Kerala United',
        shirt_number: '9',
        bio: 'Scores in tests.',
        career_goals: '100+',
        trophies: '1 cup',
        colors: ['#112233', '#ffcc00'],
        featured_position: 1,
      },
    ]);
  });

  it('are edited and audited; the storefront follows', async () => {
    const res = await manager.call('PATCH', `/api/admin/players/${id}`, {
      career_goals: '120+',
      team_id: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const entry = (await auditOf('player', id)).at(-1)!;
    expect(entry.before).toMatchObject({ careerGoals: '100+', teamId });
    expect(entry.after).toMatchObject({ careerGoals: '120+', teamId: null });
    expect((await storefrontProfiles()).players[0]).toMatchObject({
      career_goals: '120+',
      team_name: null,
    });
  });

  it('refuse an unknown team, a bad number and a taken place', async () => {
    const team = await manager.call('PATCH', `/api/admin/players/${id}`, { team_id: 999999 });
    expect(team.statusCode).toBe(400);
    expect(team.json()).toEqual({ error: 'team_id: there is no such team' });
    const number = await manager.call('PATCH', `/api/admin/players/${id}`, { shirt_number: '100' });
    expect(number.statusCode).toBe(400);
    expect(number.json().error).toMatch(/^Invalid request: shirt_number: /);
    const place = await manager.call(
      'POST',
      '/api/admin/players',
      playerRequest(2, { featured_position: 1 }),
    );
    expect(place.statusCode).toBe(409);
    expect(place.json()).toEqual({
      error: "Featured position 1 is already Sahal Abdul Samad's: clear it there first.",
    });
  });

  it('may be read but not changed by a packer', async () => {
    expect((await packer.call('GET', '/api/admin/players')).statusCode).toBe(200);
    const res = await packer.call('PATCH', `/api/admin/players/${id}`, { bio: 'Packed.' });
    expect(res.statusCode).toBe(403);
  });
});
