// Teams and players in the back office: every profile field the storefront shows, checked
// here so the form and the server say the same thing.
import { z } from 'zod';
import { Id } from '../common.js';
import { FEATURED_PLACES, HEX_COLOR_PATTERN } from '../profiles.js';

/** A bounded line of text; '' allowed unless `required`. */
function text(field: string, max: number, required = false) {
  const base = z.string({ error: `${field} must be text` }).trim();
  return (required ? base.min(1, `${field} is required`) : base).max(
    max,
    `${field} must be at most ${max} characters`,
  );
}

export const HexColor = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .toLowerCase()
    .regex(HEX_COLOR_PATTERN, `${field} must be a colour like #1e3a8a`);

/** 1–8, or null for a team or player not featured. */
export const FeaturedPosition = z
  .number({ error: `featured_position must be a whole number from 1 to ${FEATURED_PLACES}` })
  .int(`featured_position must be a whole number from 1 to ${FEATURED_PLACES}`)
  .min(1, `featured_position must be from 1 to ${FEATURED_PLACES}`)
  .max(FEATURED_PLACES, `featured_position must be from 1 to ${FEATURED_PLACES}`)
  .nullable();

export const PROFILE_NAME_MAX = 60;
export const SHORT_NAME_PATTERN = /^[A-Z0-9]{2,4}$/;

export const ProfileIdParams = z.object({ id: Id });
export type ProfileIdParams = z.input<typeof ProfileIdParams>;

// ── Teams ──

const teamFields = {
  name: text('name', PROFILE_NAME_MAX, true),
  short_name: z
    .string({ error: 'short_name is required' })
    .trim()
    .toUpperCase()
    .regex(SHORT_NAME_PATTERN, 'short_name must be 2 to 4 letters or digits, like RMA'),
  founded: text('founded', 40),
  stadium: text('stadium', 100),
  bio: text('bio', 600),
  trophies: text('trophies', 120),
  league_titles: text('league_titles', 120),
  color_primary: HexColor('color_primary'),
  color_secondary: HexColor('color_secondary'),
  featured_position: FeaturedPosition,
};

export const TeamRequest = z.object(teamFields);
export type TeamRequest = z.input<typeof TeamRequest>;
export type TeamFields = z.output<typeof TeamRequest>;

export const UpdateTeamRequest = z
  .object(teamFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change');
export type UpdateTeamRequest = z.input<typeof UpdateTeamRequest>;

export const AdminTeam = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  short_name: z.string(),
  founded: z.string(),
  stadium: z.string(),
  bio: z.string(),
  trophies: z.string(),
  league_titles: z.string(),
  color_primary: z.string(),
  color_secondary: z.string(),
  featured_position: z.number().int().nullable(),
  product_count: z.number().int(),
  updated_at: z.string(),
});
export type AdminTeam = z.infer<typeof AdminTeam>;

export const TeamListResponse = z.object({ teams: z.array(AdminTeam) });
export type TeamListResponse = z.infer<typeof TeamListResponse>;
export const TeamResponse = z.object({ team: AdminTeam });
export type TeamResponse = z.infer<typeof TeamResponse>;

// ── Players ──

const playerFields = {
  name: text('name', PROFILE_NAME_MAX, true),
  team_id: Id.nullable(),
  shirt_number: z
    .string({ error: 'shirt_number must be text' })
    .trim()
    .regex(/^\d{0,2}$/, 'shirt_number must be up to two digits, or empty'),
  bio: text('bio', 600),
  career_goals: text('career_goals', 40),
  trophies: text('trophies', 160),
  color_primary: HexColor('color_primary'),
  color_secondary: HexColor('color_secondary'),
  featured_position: FeaturedPosition,
};

export const PlayerRequest = z.object(playerFields);
export type PlayerRequest = z.input<typeof PlayerRequest>;
export type PlayerFields = z.output<typeof PlayerRequest>;

export const UpdatePlayerRequest = z
  .object(playerFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change');
export type UpdatePlayerRequest = z.input<typeof UpdatePlayerRequest>;

export const AdminPlayer = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  team_id: z.number().int().nullable(),
  team_name: z.string().nullable(),
  shirt_number: z.string(),
  bio: z.string(),
  career_goals: z.string(),
  trophies: z.string(),
  color_primary: z.string(),
  color_secondary: z.string(),
  featured_position: z.number().int().nullable(),
  product_count: z.number().int(),
  updated_at: z.string(),
});
export type AdminPlayer = z.infer<typeof AdminPlayer>;

export const PlayerListResponse = z.object({ players: z.array(AdminPlayer) });
export type PlayerListResponse = z.infer<typeof PlayerListResponse>;
export const PlayerResponse = z.object({ player: AdminPlayer });
export type PlayerResponse = z.infer<typeof PlayerResponse>;
