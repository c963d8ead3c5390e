// Cards that open a team or player page (home rows and the list pages).
import { Link } from 'react-router';
import { playerPath, teamPath } from '@/ui/paths';
import type { CollectionLinkState } from './collection-page';
import { PlayerBadge, TeamCrest } from './crests';
import { playerProfile, teamProfile } from './team-data';

export function TeamCard({ name, count }: { name: string; count?: number }) {
  const team = teamProfile(name);
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

export function PlayerCard({ name, count }: { name: string; count?: number }) {
  const player = playerProfile(name);
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
