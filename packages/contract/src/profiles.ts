// Team and player profiles as the storefront shows them (profiles.php): the hero of a team
// or player page, the crests of the cards, and the featured eight of each on the home page
// and the lists. Staff edit them in the back office (admin/profiles.ts); a team or player
// nobody has written a profile for is not listed, and the storefront shows a generic one.
import { z } from 'zod';

/** The eight places of the home page's Top Teams and Legendary Players rows. */
export const FEATURED_PLACES = 8;

/** '#rrggbb', lowercase: the two colours a crest or badge is drawn in. */
export const HEX_COLOR_PATTERN = /^#[0-9a-f]{6}$/;

const Colors = z.tuple([z.string(), z.string()]);

export const TeamProfile = z.object({
  name: z.string(),
  /** The crest's letters. */
  short_name: z.string(),
  founded: z.string(),
  stadium: z.string(),
  bio: z.string(),
  trophies: z.string(),
  league_titles: z.string(),
  /** Main colour, then trim. */
  colors: Colors,
  /** 1–8 for the featured ones, in order; null for the rest. */
  featured_position: z.number().int().nullable(),
});
export type TeamProfile = z.infer<typeof TeamProfile>;

export const PlayerProfile = z.object({
  name: z.string(),
  team_name: z.string().nullable(),
  shirt_number: z.string(),
  bio: z.string(),
  career_goals: z.string(),
  trophies: z.string(),
  colors: Colors,
  featured_position: z.number().int().nullable(),
});
export type PlayerProfile = z.infer<typeof PlayerProfile>;

/** GET profiles.php: every written profile, the featured ones first in their order. */
export const ProfilesResponse = z.object({
  teams: z.array(TeamProfile),
  players: z.array(PlayerProfile),
});
export type ProfilesResponse = z.infer<typeof ProfilesResponse>;
