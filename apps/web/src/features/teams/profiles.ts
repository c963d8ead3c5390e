// Team and player profiles from profiles.php (written by staff in the back office): the
// featured eight of each, in order, and the profile of any team or player, with a generic
// one for those nobody has written.
import {
  shortNameOf,
  slugify,
  type PlayerProfile,
  type ProfilesResponse,
  type TeamProfile,
} from '@kitroom/contract';
import { getProfiles, inlined } from '@/api/calls';
import { callCacheKey, useApi, type ApiState } from '@/api/use-api';

export { shortNameOf };

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
  return useApi(
    callCacheKey('profiles.php'),
    (signal) => getProfiles({ signal }),
    inlined.profiles(),
  );
}

export type CollectionKind = 'team' | 'player';

/** The profiles of one kind, as views by name, and the featured names in their order. */
export function profilesOf(profiles: ProfilesResponse | undefined, kind: CollectionKind) {
  const list: readonly (TeamProfile | PlayerProfile)[] =
    (kind === 'team' ? profiles?.teams : profiles?.players) ?? [];
  return {
    featured: list.filter((p) => p.featured_position !== null).map((p) => p.name),
    nameForSlug: (slug: string) => list.find((p) => slugify(p.name) === slug)?.name,
  };
}

export function teamOf(profiles: ProfilesResponse | undefined, name: string): TeamView {
  return teamView(
    name,
    profiles?.teams.find((t) => t.name === name),
  );
}

export function playerOf(profiles: ProfilesResponse | undefined, name: string): PlayerView {
  return playerView(
    name,
    profiles?.players.find((p) => p.name === name),
  );
}
