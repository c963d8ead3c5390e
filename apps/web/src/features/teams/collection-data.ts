// The team and player pages' data, as their routes' loaders (loaders.ts) load it: the written
// profiles and every team and player name in the catalogue (the facets of one product), and
// for one team or player the first page of its products. The pages show them through the
// visit's cache (useApi under callCacheKey), where these calls leave them; the products in the
// order of the sort the URL names (decision 063). It comes with the
// pages' code, not on every first load.
import {
  formatLimit,
  slugify,
  sortOf,
  type ListingSort,
  type ShopListingRequest,
  type ShopListingResponse,
} from '@kitroom/contract';
import type { LoaderFunctionArgs } from '@/ui/router';
import { callerOf, load, type Loaded } from '@/api/page-data';
import { profilesOf, type CollectionKind } from './profiles';

/** One product and every facet: the cheapest way to learn all team and player names. */
export const FACETS_REQUEST = { limit: '0-1' };

/** A page of a team's or player's products, in a sort's order if any, as the page asks for it. */
export function collectionRequest(
  kind: CollectionKind,
  name: string,
  start = 0,
  sort?: ListingSort,
): ShopListingRequest {
  return {
    limit: formatLimit(start),
    ...(sort && { sort }),
    ...(kind === 'team' ? { team: [name] } : { player: [name] }),
  };
}

/** The team or player names the catalogue has products of. */
export function catalogueNames(
  facets: ShopListingResponse | undefined,
  kind: CollectionKind,
): string[] {
  return kind === 'team'
    ? (facets?.teams.map((t) => t.team_name) ?? [])
    : (facets?.players.map((p) => p.player_name) ?? []);
}

/** /productCategory/teams and /productCategory/players: the profiles and every name. */
export async function collectionListLoader({ context, request }: LoaderFunctionArgs) {
  const call = callerOf(context);
  const { signal } = request;
  await Promise.all([
    load(call('profiles.php', undefined, { signal })),
    load(call('shop.php', FACETS_REQUEST, { signal })),
  ]);
  return null;
}

export interface CollectionData {
  /** The team's or player's name for the slug; undefined when nobody has it. */
  name: string | undefined;
  /** The catalogue has products of it. */
  inCatalogue: boolean;
  /** The first page of its products. */
  listing: Loaded<ShopListingResponse>;
}

/** /productCategory/team/:slug and /productCategory/player/:slug. */
export async function collectionLoader(
  kind: CollectionKind,
  { context, params, request }: LoaderFunctionArgs,
): Promise<CollectionData> {
  const call = callerOf(context);
  const { signal } = request;
  const slug = (params.slug ?? '').toLowerCase();
  const [profiles, facets] = await Promise.all([
    load(call('profiles.php', undefined, { signal })),
    load(call('shop.php', FACETS_REQUEST, { signal })),
  ]);
  const listed = catalogueNames(facets.data, kind).find((n) => slugify(n) === slug);
  const name = profilesOf(profiles.data, kind).nameForSlug(slug) ?? listed;
  if (name === undefined) return { name, inCatalogue: false, listing: {} };
  const sort = sortOf(new URL(request.url).searchParams.get('sort'));
  const listing = await load(call('shop.php', collectionRequest(kind, name, 0, sort), { signal }));
  return { name, inCatalogue: listed !== undefined, listing };
}
