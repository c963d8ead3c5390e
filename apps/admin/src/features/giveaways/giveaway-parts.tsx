// What the giveaways' list and form both show: the state as a badge, and the entries by
// referral code.
import type { AdminGiveaway, GiveawayCodeCount } from '@kitroom/contract/admin';

const STATE_LABEL: Record<AdminGiveaway['state'], string> = {
  upcoming: 'Upcoming',
  open: 'Open',
  ended: 'Ended',
};

const STATE_TONE: Record<AdminGiveaway['state'], string> = {
  upcoming: 'bg-sky-50 text-sky-800',
  open: 'bg-emerald-50 text-emerald-800',
  ended: 'bg-paper text-muted',
};

export function StateBadge({ giveaway }: { giveaway: AdminGiveaway }) {
  const drawn = giveaway.draw !== null;
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold ${STATE_TONE[giveaway.state]}`}
    >
      {drawn ? 'Drawn' : STATE_LABEL[giveaway.state]}
    </span>
  );
}

export function codeLabel(c: GiveawayCodeCount): string {
  if (c.kind === 'none') return 'No referral code';
  return `${c.code}${c.name ? ` (${c.name})` : ''}${c.kind === 'campaign' ? ', campaign' : ''}`;
}

/** Entries by referral code as a small list. */
export function CodeCounts({ giveaway }: { giveaway: AdminGiveaway }) {
  if (giveaway.by_code.length === 0) return <span className="text-muted">No entries yet</span>;
  return (
    <ul className="space-y-0.5" aria-label={`Entries of ${giveaway.title} by referral code`}>
      {giveaway.by_code.map((c) => (
        <li key={`${c.kind}:${c.code ?? ''}`}>
          {codeLabel(c)}: <strong>{c.entries}</strong>
        </li>
      ))}
    </ul>
  );
}
