import { describe, expect, it } from 'vitest';
import type { ProfilesResponse } from '@kitroom/contract';
import { playerOf, profilesOf, shortNameOf, teamOf } from './profiles';

// The teams of the demo catalogue (apps/server/src/seed/teams.data.ts).
const DEMO_TEAMS = [
  'Real Madrid',
  'FC Barcelona',
  'Manchester United',
  'Liverpool',
  'Manchester City',
  'Bayern Munich',
  'Paris Saint-Germain',
  'Kerala Blasters',
  'Arsenal',
  'Chelsea',
  'Tottenham Hotspur',
  'Atletico Madrid',
  'Borussia Dortmund',
  'Olympique de Marseille',
  'Juventus',
  'AC Milan',
  'Inter Milan',
  'Bengaluru FC',
  'Mohun Bagan Super Giant',
  'Mumbai City FC',
  'Inter Miami',
  'Al Nassr',
  'Santos',
  'Argentina',
  'Brazil',
  'Portugal',
  'France',
  'Norway',
  'Germany',
  'Spain',
  'England',
  'Italy',
  'Netherlands',
  'Croatia',
  'Belgium',
  'Uruguay',
  'Colombia',
  'India',
  'Japan',
  'South Korea',
  'Saudi Arabia',
  'Egypt',
  'Morocco',
  'Senegal',
  'Nigeria',
];

/** Two written profiles, as profiles.php returns them. */
const PROFILES: ProfilesResponse = {
  teams: [
    {
      name: 'Real Madrid',
      short_name: 'RMA',
      founded: '1902',
      stadium: 'Santiago Bernabéu, Madrid',
      bio: 'All white.',
      trophies: '15 European Cups',
      league_titles: '',
      colors: ['#ffffff', '#1e3a8a'],
      featured_position: 1,
    },
    {
      name: 'Arsenal',
      short_name: 'AFC',
      founded: '1886',
      stadium: '',
      bio: '',
      trophies: '',
      league_titles: '',
      colors: ['#ef0107', '#063672'],
      featured_position: null,
    },
  ],
  players: [
    {
      name: 'Sunil Chhetri',
      team_name: null,
      shirt_number: '11',
      bio: 'Captain.',
      career_goals: '95 for India',
      trophies: '',
      colors: ['#1d4189', '#ff9933'],
      featured_position: 8,
    },
  ],
};

describe('profiles', () => {
  it('show what staff wrote, a dash for a field left empty, and a generic bio', () => {
    expect(teamOf(PROFILES, 'Real Madrid')).toEqual({
      name: 'Real Madrid',
      shortName: 'RMA',
      founded: '1902',
      stadium: 'Santiago Bernabéu, Madrid',
      bio: 'All white.',
      trophies: '15 European Cups',
      leagueTitles: '—',
      colors: ['#ffffff', '#1e3a8a'],
    });
    expect(teamOf(PROFILES, 'Arsenal').bio).toBe(
      'Official-style home, away and third kits of Arsenal, for the stands and the five-a-side.',
    );
    expect(playerOf(PROFILES, 'Sunil Chhetri')).toMatchObject({ team: '—', number: '11' });
  });

  it('give any other team or player the generic profile in the shop’s colours', () => {
    expect(teamOf(PROFILES, 'Chelsea')).toMatchObject({
      shortName: 'CHE',
      founded: '—',
      colors: ['#0b1220', '#d4ff3a'],
    });
    expect(playerOf(undefined, 'Pele')).toMatchObject({ number: '', careerGoals: '—' });
  });

  it('list the featured ones in their order and find a name by its slug', () => {
    expect(profilesOf(PROFILES, 'team').featured).toEqual(['Real Madrid']);
    expect(profilesOf(PROFILES, 'player').featured).toEqual(['Sunil Chhetri']);
    expect(profilesOf(PROFILES, 'team').nameForSlug('real-madrid')).toBe('Real Madrid');
    expect(profilesOf(PROFILES, 'team').nameForSlug('chelsea')).toBeUndefined();
  });
});

/** The crest letters the seed writes for the eight featured clubs (profiles.data.ts). */
const WRITTEN: Record<string, string> = {
  'Real Madrid': 'RMA',
  'FC Barcelona': 'FCB',
  'Manchester United': 'MUN',
  Liverpool: 'LFC',
  'Manchester City': 'MCI',
  'Bayern Munich': 'BAY',
  'Paris Saint-Germain': 'PSG',
  'Kerala Blasters': 'KBFC',
};

describe('crest letters', () => {
  it('tell every team of the shop apart', () => {
    const codes = DEMO_TEAMS.map((name) => WRITTEN[name] ?? shortNameOf(name));
    const repeated = codes.filter((c, i) => codes.indexOf(c) !== i);
    expect(repeated).toEqual([]);
  });

  it('part look-alike names', () => {
    expect(shortNameOf('Inter Milan')).toBe('IMN');
    expect(shortNameOf('Inter Miami')).toBe('IMI');
    expect(shortNameOf('AC Milan')).toBe('ACMN');
    expect(shortNameOf('Atletico Madrid')).toBe('AMD');
    expect(shortNameOf('Arsenal')).toBe('ARS');
    expect(shortNameOf('Mohun Bagan Super Giant')).toBe('MBSG');
    expect(shortNameOf('Bengaluru FC')).toBe('BEN');
  });
});
