// Migration 0010 on a shop that had the featured teams and players before their profiles
// were data: they get the profiles the storefront showed, so nothing disappears on upgrade;
// rows someone already gave a profile, and featured places already taken, are left alone.
import { readFile } from 'node:fs/promises';
import { ProfilesResponse } from '@kitroom/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { insertPlayer, insertTeam } from '../test/profiles.js';
import { teams } from '../db/index.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** Runs 0010's statements again, as on a shop that had these rows when it upgraded. */
async function migrate() {
  const file = new URL('../db/migrations/0010_profiles_data.sql', import.meta.url);
  const text = await readFile(file, 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    await t.db.execute(sql.raw(statement));
  }
}

describe('migration 0010', () => {
  it('fills the profiles of the teams and players a shop already has', async () => {
    await insertTeam(t.db, 'Real Madrid');
    await insertTeam(t.db, 'FC Barcelona');
    // The owner already wrote Liverpool's profile and put Arsenal in Barcelona's place.
    const liverpool = await insertTeam(t.db, 'Liverpool');
    await t.db
      .update(teams)
      .set({ shortName: 'LIV', bio: 'Written by the owner.' })
      .where(eq(teams.id, liverpool));
    const arsenal = await insertTeam(t.db, 'Arsenal');
    await t.db
      .update(teams)
      .set({ shortName: 'ARS', featuredPosition: 2 })
      .where(eq(teams.id, arsenal));
    await insertPlayer(t.db, 'Sunil Chhetri');

    await migrate();

    const res = await t.app.inject({ method: 'GET', url: '/api/profiles.php' });
    const profiles = ProfilesResponse.parse(res.json());
    expect(profiles.teams.map((x) => [x.name, x.short_name, x.featured_position])).toEqual([
      ['Real Madrid', 'RMA', 1],
      ['Arsenal', 'ARS', 2],
      ['FC Barcelona', 'FCB', null],
      ['Liverpool', 'LIV', null],
    ]);
    expect(profiles.teams[0]).toMatchObject({
      stadium: 'Santiago Bernabéu, Madrid',
      colors: ['#ffffff', '#1e3a8a'],
    });
    expect(profiles.teams[3]!.bio).toBe('Written by the owner.');
    expect(profiles.players).toEqual([
      {
        name: 'Sunil Chhetri',
        team_name: null,
        shirt_number: '11',
        bio: 'India’s captain and record goalscorer, the face of Indian football for two decades.',
        career_goals: '95 for India',
        trophies: 'ISL 2018–19, 3 SAFF Championships',
        colors: ['#1d4189', '#ff9933'],
        featured_position: 8,
      },
    ]);
  });
});
