// The team and player list pages (reached by 'Browse Other Teams' / 'Browse Other Players'):
// the featured eight first, then every other one in the catalogue with its product count.
import { getListing, inlined } from '@/api/calls';
import { callCacheKey, useApi } from '@/api/use-api';
import { Loader } from '@/ui/loader';
import { useTitle } from '@/ui/use-title';
import type { CollectionKind } from './collection-page';
import { FACETS_REQUEST } from './collection-data';
import { playerOf, profilesOf, teamOf, useProfiles } from './profiles';
import { FeaturedCards, PlayerCard, TeamCard } from './team-cards';

export function CollectionListPage({ kind }: { kind: CollectionKind }) {
  const title = kind === 'team' ? 'Teams' : 'Players';
  useTitle(title);
  const { data, loading } = useApi(
    callCacheKey('shop.php', FACETS_REQUEST),
    (signal) => getListing(FACETS_REQUEST, { signal }),
    inlined.listing(FACETS_REQUEST),
  );
  const profiles = useProfiles();
  const { featured } = profilesOf(profiles.data, kind);
  const counts = new Map<string, number>(
    kind === 'team'
      ? (data?.teams ?? []).map((t) => [t.team_name, t.count])
      : (data?.players ?? []).map((p) => [p.player_name, p.count]),
  );
  const others = [...counts.keys()]
    .filter((n) => !featured.includes(n))
    .sort((a, b) => a.localeCompare(b));
  const card = (name: string) =>
    kind === 'team' ? (
      <TeamCard team={teamOf(profiles.data, name)} count={counts.get(name)} />
    ) : (
      <PlayerCard player={playerOf(profiles.data, name)} count={counts.get(name)} />
    );

  return (
    <div className="mx-auto max-w-[1440px] px-4 py-8 sm:px-6">
      <h1 className="font-display text-4xl font-extrabold uppercase sm:text-5xl">{title}</h1>
      <h2 className="mt-8 font-display text-2xl font-bold uppercase">
        {kind === 'team' ? 'Top Teams' : 'Legendary Players'}
      </h2>
      <FeaturedCards
        kind={kind}
        names={featured}
        loading={profiles.loading}
        card={card}
        className="mt-4"
      />
      {loading && <Loader label={`Loading ${title.toLowerCase()}`} />}
      {others.length > 0 && (
        <>
          <h2 className="mt-10 font-display text-2xl font-bold uppercase">
            More {title.toLowerCase()}
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-8">
            {others.map((name) => (
              <li key={name}>{card(name)}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
