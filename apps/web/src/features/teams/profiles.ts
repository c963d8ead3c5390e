// Team and player profiles from profiles.php (written by staff in the back office): the
// featured eight of each, in order, and the profile of any team or player, with a generic
// one for those nobody has written.
import {
  slugify,
  type PlayerProfile,
  type ProfilesResponse,
  type TeamProfile,
} from '@kitroom/contract';
import { getProfiles, inlined } from '@/api/calls';
import { useApi, type ApiState } from '@/api/use-api';

export interface TeamView {
  name: string;
  shortName: string;
  founded: string;
  stadium: string;
  bio: string;
  trophies: string;
  leagueTitles: string;
  colors: readonly [string, string];
}

export interface PlayerView {
  name: string;
  team: string;
  number: string;
  bio: string;
  careerGoals: string;
  trophies: string;
  colors: readonly [string, string];
}

const GENERIC_COLORS = ['#0b1220', '#d4ff3a'] as const;

// Words that tell no team from another.
const FILLER = new Set(['FC', 'CF', 'SC', 'AFC', 'de', 'of', 'the']);

/**
 * Crest letters of a team without written ones, made to differ between look-alike names:
 * one word gives its first three letters (Arsenal ARS); two give both initials and the last
 * letter (Inter Milan IMN, Inter Miami IMI, AC Milan ACMN, Atletico Madrid AMD); three or
 * more give the initials (Mohun Bagan Super Giant MBSG). Up to four letters.
 */
export function shortNameOf(name: string): string {
  const words = name
    .split(/[\s-]+/)
    .filter((w) => w !== '' && !FILLER.has(w))
    .map((w) => w.normalize('NFD').replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  if (words.length === 0) return name.slice(0, 3).toUpperCase();
  const initial = (w: string) => (/^[A-Z]{2,3}$/.test(w) ? w : w.charAt(0));
  let code: string;
  if (words.length === 1) code = words[0]!.slice(0, 3);
  else if (words.length === 2)
    code = `${initial(words[0]!)}${words[1]!.charAt(0)}${words[1]!.slice(-1)}`;
  else code = words.map(initial).join('');
  return code.toUpperCase().slice(0, 4);
}

const orDash = (text: string) => text || '—';

/** How a team's page and card show it: its written profile, else the generic one. */
export function teamView(name: string, profile?: TeamProfile): TeamView {
  return {
    name,
    shortName: profile?.short_name || shortNameOf(name),
    founded: orDash(profile?.founded ?? ''),
    stadium: orDash(profile?.stadium ?? ''),
    bio:
      profile?.bio ||
      `Official-style home, away and third kits of ${name}, for the stands and the five-a-side.`,
    trophies: orDash(profile?.trophies ?? ''),
    leagueTitles: orDash(profile?.league_titles ?? ''),
    colors: profile?.colors ?? GENERIC_COLORS,
  };
}

export function playerView(name: string, profile?: PlayerProfile): PlayerView {
  return {
    name,
    team: orDash(profile?.team_name ?? ''),
    number: profile?.shirt_number ?? '',
    bio:
      profile?.bio || `Jerseys of ${name}, with name and number, for fans who follow every match.`,
    careerGoals: orDash(profile?.career_goals ?? ''),
    trophies: orDash(profile?.trophies ?? ''),
    colors: profile?.colors ?? GENERIC_COLORS,
  };
}

/** The profiles, inlined by the server into the pages that show them, kept for the visit. */
export function useProfiles(): ApiState<ProfilesResponse> {
  return useApi('profiles', (signal) => getProfiles({ signal }), inlined.profiles());
}

export type CollectionKind = 'team' | 'player';

/** The profiles of one kind, as views by name, and the featured names in their order. */
export function profilesOf(answer: ProfilesResponse | undefined, kind: CollectionKind) {
  const list: readonly (TeamProfile | PlayerProfile)[] =
    (kind === 'team' ? answer?.teams : answer?.players) ?? [];
  return {
    featured: list.filter((p) => p.featured_position !== null).map((p) => p.name),
    nameForSlug: (slug: string) => list.find((p) => slugify(p.name) === slug)?.name,
  };
}

export function teamOf(answer: ProfilesResponse | undefined, name: string): TeamView {
  return teamView(
    name,
    answer?.teams.find((t) => t.name === name),
  );
}

export function playerOf(answer: ProfilesResponse | undefined, name: string): PlayerView {
  return playerView(
    name,
    answer?.players.find((p) => p.name === name),
  );
}
