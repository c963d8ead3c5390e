// What the giveaway page says about its dates and state, in India's time.
import type { StorefrontGiveaway } from '@kitroom/contract';
import { formatIndianDay } from '@/ui/date-text';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** '28 Nov 2026, 9:30 pm' in India. */
export function formatIndianMoment(iso: string): string {
  const date = new Date(iso);
  const ist = new Date(date.getTime() + IST_OFFSET_MS);
  const hours = ist.getUTCHours();
  const minutes = String(ist.getUTCMinutes()).padStart(2, '0');
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${formatIndianDay(date)}, ${hour12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
}

/** The line under the title: when it opens, until when it runs, or that it has ended. */
export function statusLine(
  g: Pick<StorefrontGiveaway, 'state' | 'starts_at' | 'ends_at' | 'drawn'>,
) {
  switch (g.state) {
    case 'upcoming':
      return `Opens ${formatIndianMoment(g.starts_at)}`;
    case 'open':
      return `Open until ${formatIndianMoment(g.ends_at)}`;
    case 'ended':
      return g.drawn
        ? `Ended ${formatIndianMoment(g.ends_at)}. The winner has been drawn and told by mail.`
        : `Ended ${formatIndianMoment(g.ends_at)}. The winner will be drawn soon.`;
  }
}
