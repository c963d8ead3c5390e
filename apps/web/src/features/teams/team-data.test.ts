import { describe, expect, it } from 'vitest';
import { shortNameOf, TEAMS, teamProfile } from './team-data';

// The teams of the demo catalogue (apps/server/src/db/seed/teams.data.ts).
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

describe('crest letters', () => {
  it('tell every team of the shop apart', () => {
    const codes = DEMO_TEAMS.map((name) => teamProfile(name).shortName);
    const repeated = codes.filter((c, i) => codes.indexOf(c) !== i);
    expect(repeated).toEqual([]);
    expect(new Set(TEAMS.map((t) => t.shortName)).size).toBe(TEAMS.length);
  });

  it('part look-alike names', () => {
    expect(teamProfile('FC Barcelona').shortName).toBe('FCB');
    expect(teamProfile('Bayern Munich').shortName).toBe('BAY');
    expect(shortNameOf('Inter Milan')).toBe('IMN');
    expect(shortNameOf('Inter Miami')).toBe('IMI');
    expect(shortNameOf('AC Milan')).toBe('ACMN');
    expect(shortNameOf('Atletico Madrid')).toBe('AMD');
    expect(shortNameOf('Arsenal')).toBe('ARS');
    expect(shortNameOf('Mohun Bagan Super Giant')).toBe('MBSG');
    expect(shortNameOf('Bengaluru FC')).toBe('BEN');
  });
});
