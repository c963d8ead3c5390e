// The shared body of the team and player pages: a profile hero from profiles.php and the
// products of that team or player from shop.php (team[] / player[] filters), sorted as the
// URL's `?sort=` says.
import { PAGE_SIZE, slugify } from '@kitroom/contract';
import { useState } from 'react';
import { Link, useLocation, useParams } from '@/ui/router';
import { getListing, inlined } from '@/api/calls';
import { callCacheKey, useApi } from '@/api/use-api';
import { useCardWholesalePrices } from '@/features/wholesale';
import { WishlistHeart } from '@/features/wishlist';
import { buttonClass } from '@/ui/button-class';
import { Loader } from '@/ui/loader';
import { ProductCard } from '@/ui/product-card';
import { ProductGrid } from '@/ui/product-grid';
import { SortSelect, useSortParam } from '@/ui/sort-select';
import { useTitle } from '@/ui/use-title';
import { PlayerBadge, TeamCrest } from '@kitroom/ui/crests';
import { catalogueNames, collectionRequest, FACETS_REQUEST } from './collection-data';
import { playerOf, profilesOf, teamOf, useProfiles, type CollectionKind } from './profiles';

export type { CollectionKind };

/** The navigation state the team and player cards pass. */
export interface CollectionLinkState {
  name: string;
}

function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * The team or player name for the URL's slug: from navigation state, the written profiles,
 * or the catalogue's facet list (a shared link to any other team).
 */
function useCollectionName(kind: CollectionKind, slug: string) {
  const state = useLocation().state as CollectionLinkState | null;
  const profiles = useProfiles();
  const fromState = state?.name && slugify(state.name) === slug ? state.name : undefined;
  const known = fromState ?? profilesOf(profiles.data, kind).nameForSlug(slug);
  const facets = useApi(
    known || profiles.loading ? null : callCacheKey('shop.php', FACETS_REQUEST),
    (signal) => getListing(FACETS_REQUEST, { signal }),
    inlined.listing(FACETS_REQUEST),
  );
  if (known) return { name: known, resolving: false };
  if (profiles.loading) return { name: titleFromSlug(slug), resolving: true };
  const found = catalogueNames(facets.data, kind).find((n) => slugify(n) === slug);
  return {
    name: found ?? titleFromSlug(slug),
    resolving: facets.loading,
    inCatalogue: found !== undefined,
  };
}

function Stat({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={`rounded-xl bg-white/5 px-4 py-3 ${wide ? 'col-span-2' : ''}`}>
      <dt className="text-xs font-semibold tracking-wider text-white/70 uppercase">{label}</dt>
      <dd className="mt-1 font-display text-xl font-bold">{value}</dd>
    </div>
  );
}

export function CollectionPage({ kind }: { kind: CollectionKind }) {
  const { slug = '' } = useParams();
  return <CollectionView key={slug} kind={kind} slug={slug.toLowerCase()} />;
}

function CollectionView({ kind, slug }: { kind: CollectionKind; slug: string }) {
  const { name, resolving } = useCollectionName(kind, slug);
  const profiles = useProfiles();
  const [sort, setSort] = useSortParam();
  // The window belongs to the order it was moved in: another sort starts at its first page.
  const [page, setPage] = useState({ start: 0, sort });
  const start = page.sort === sort ? page.start : 0;
  const setStart = (next: number) => setPage({ start: next, sort });
  const request = collectionRequest(kind, name, start, sort);
  const { data, loading } = useApi(
    resolving ? null : callCacheKey('shop.php', request),
    (signal) => getListing(request, { signal }),
    inlined.listing(request),
  );
  useTitle(`${name} jerseys`);

  // Until the profiles are known (a visit that came without them), the hero shows the name.
  const shown = profiles.data !== undefined;
  const team = kind === 'team' && shown ? teamOf(profiles.data, name) : null;
  const player = kind === 'player' && shown ? playerOf(profiles.data, name) : null;
  const products = data?.products ?? [];
  const wholesale = useCardWholesalePrices(products.map((p) => p.id));
  const total = data?.total ?? 0;

  return (
    <>
      <section className="bg-ink text-white">
        <div className="mx-auto grid max-w-[1440px] gap-8 px-4 py-10 sm:px-6 md:grid-cols-[auto_1fr] md:items-center md:py-14">
          <div className="flex min-h-40 min-w-40 justify-center">
            {team && <TeamCrest shortName={team.shortName} colors={team.colors} size={160} />}
            {player && (
              <PlayerBadge
                name={player.name}
                number={player.number}
                colors={player.colors}
                size={160}
              />
            )}
          </div>
          <div>
            <p className="font-semibold tracking-[0.2em] text-volt uppercase">
              {kind === 'team' ? 'Team' : 'Player'}
            </p>
            <h1 className="mt-2 font-display text-5xl leading-none font-extrabold uppercase sm:text-6xl">
              {name}
            </h1>
            <p className="mt-4 max-w-2xl text-white/80">{team?.bio ?? player?.bio}</p>
            <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
              {team && (
                <>
                  <Stat label="Founded" value={team.founded} />
                  <Stat label="Stadium" value={team.stadium} />
                  <Stat label="Trophies" value={team.trophies} />
                  <Stat label="League titles" value={team.leagueTitles} />
                </>
              )}
              {player && (
                <>
                  <Stat label="Team" value={player.team} />
                  <Stat label="Career goals" value={player.careerGoals} />
                  <Stat label="Trophies" value={player.trophies} wide />
                </>
              )}
            </dl>
          </div>
        </div>
      </section>

      <section
        aria-labelledby="collection-products"
        className="mx-auto max-w-[1440px] px-4 py-10 sm:px-6"
      >
        <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <h2 id="collection-products" className="font-display text-3xl font-extrabold uppercase">
            {name} jerseys
          </h2>
          <div className="flex flex-wrap items-end gap-3">
            <SortSelect value={sort} onChange={setSort} />
            <Link
              to={kind === 'team' ? '/productCategory/teams' : '/productCategory/players'}
              className={buttonClass('ghost')}
            >
              {kind === 'team' ? 'Browse Other Teams' : 'Browse Other Players'}
            </Link>
          </div>
        </div>
        {resolving || loading ? (
          <Loader label="Loading products" />
        ) : products.length === 0 ? (
          <p className="py-12 text-center text-lg text-muted">No products found for {name} yet.</p>
        ) : (
          <>
            <ProductGrid label={`${name} products`}>
              {products.map((p) => (
                <li key={p.id}>
                  <ProductCard
                    product={p}
                    showBadge
                    imageFallback="initials"
                    corner={<WishlistHeart product={p} />}
                    wholesalePrice={wholesale.get(p.id)}
                  />
                </li>
              ))}
            </ProductGrid>
            {(start > 0 || start + PAGE_SIZE < total) && (
              <div className="mt-8 flex justify-center gap-3">
                <button
                  type="button"
                  className={buttonClass('ghost')}
                  disabled={start === 0}
                  onClick={() => setStart(Math.max(0, start - PAGE_SIZE))}
                >
                  Previous
                </button>
                <button
                  type="button"
                  className={buttonClass('ghost')}
                  disabled={start + PAGE_SIZE >= total}
                  onClick={() => setStart(start + PAGE_SIZE)}
                >
                  Next
                </button>
              </div>
            )}
          </>
        )}
      </section>
    </>
  );
}
