// Cards that open a team or player page (home rows and the list pages).
import type { ReactNode } from 'react';
import { Link } from '@/ui/router';
import { playerPath, teamPath } from '@/ui/paths';
import type { CollectionLinkState } from './collection-page';
import { PlayerBadge, TeamCrest } from '@kitroom/ui/crests';
import type { PlayerView, TeamView } from './profiles';

export function TeamCard({ team, count }: { team: TeamView; count?: number }) {
  const { name } = team;
  return (
    <Link
      to={teamPath(name)}
      state={{ name } satisfies CollectionLinkState}
      className="group flex h-full flex-col items-center gap-3 rounded-2xl border border-line bg-white p-4 text-center transition hover:-translate-y-0.5 hover:border-ink hover:shadow-lg"
    >
      <TeamCrest shortName={team.shortName} colors={team.colors} size={72} />
      <span className="font-display text-lg leading-tight font-bold uppercase">{name}</span>
      {count !== undefined && <span className="text-xs text-muted">{count} products</span>}
    </Link>
  );
}

export function PlayerCard({ player, count }: { player: PlayerView; count?: number }) {
  const { name } = player;
  return (
    <Link
      to={playerPath(name)}
      state={{ name } satisfies CollectionLinkState}
      className="group flex h-full flex-col items-center gap-3 rounded-2xl bg-ink p-4 text-center text-white transition hover:-translate-y-0.5 hover:shadow-lg"
    >
      <PlayerBadge name={name} number={player.number} colors={player.colors} size={72} />
      <span className="font-display text-lg leading-tight font-bold uppercase">{name}</span>
      <span className="text-xs text-white/75">
        {count !== undefined ? `${count} products` : player.team}
      </span>
    </Link>
  );
}

/** Where a card will be while the profiles load (a visit that came without them). */
export function CardPlaceholder({ kind }: { kind: 'team' | 'player' }) {
  return (
    <div
      aria-hidden="true"
      className={`h-[9.75rem] rounded-2xl ${kind === 'team' ? 'border border-line bg-white' : 'bg-ink'}`}
    />
  );
}

/** The featured eight of a kind, or their placeholders while the profiles load. */
export function FeaturedCards({
  kind,
  names,
  loading,
  card,
  className = '',
}: {
  kind: 'team' | 'player';
  names: readonly string[];
  loading: boolean;
  card: (name: string) => ReactNode;
  className?: string;
}) {
  return (
    <ul className={`grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-8 ${className}`}>
      {loading && names.length === 0
        ? Array.from({ length: 8 }, (_, i) => (
            <li key={i}>
              <CardPlaceholder kind={kind} />
            </li>
          ))
        : names.map((name) => <li key={name}>{card(name)}</li>)}
    </ul>
  );
}
