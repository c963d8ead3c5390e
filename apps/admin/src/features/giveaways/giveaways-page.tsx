// /admin/giveaways (coupons.manage): every giveaway, newest first, with its dates, entries and
// entries by referral code, and its winner once drawn (decision 050).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { callQuery, errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { FormMessage } from '@/ui/form-field';
import { useTitle } from '@/ui/use-title';
import { CodeCounts, StateBadge } from './giveaway-parts';

const cell = 'px-3 py-3 align-top max-md:block max-md:px-0 max-md:py-1';
const border = 'md:border-b md:border-line';

export function GiveawaysPage() {
  useTitle('Giveaways');
  const list = useQuery(callQuery('listGiveaways'));
  const giveaways = list.data?.giveaways ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Giveaways</h1>
          <p className="mt-1 text-muted">
            Each has its page at /giveaway/its-slug; logged-in shoppers enter once. Draw the winner
            after the end.
          </p>
        </div>
        <Link to="/giveaways/new" className={buttonClass('accent')}>
          New giveaway
        </Link>
      </div>

      <section
        aria-labelledby="giveaway-list"
        className="md:rounded-2xl md:border md:border-line md:bg-white md:p-4"
      >
        <h2 id="giveaway-list" className="sr-only">
          Giveaways
        </h2>
        {list.error ? (
          <FormMessage text={errorText(list.error)} />
        ) : !list.data ? (
          <p role="status">Loading giveaways…</p>
        ) : giveaways.length === 0 ? (
          <p className="text-muted">No giveaways yet.</p>
        ) : (
          <table className="w-full text-left text-sm max-md:block">
            <thead className="max-md:sr-only">
              <tr className="text-xs font-bold tracking-wide text-muted uppercase">
                <th scope="col" className="px-3 py-2">
                  Giveaway
                </th>
                <th scope="col" className="px-3 py-2">
                  Runs (India time)
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Entries
                </th>
                <th scope="col" className="px-3 py-2">
                  By referral code
                </th>
                <th scope="col" className="px-3 py-2">
                  Winner
                </th>
              </tr>
            </thead>
            <tbody className="max-md:block max-md:space-y-3">
              {giveaways.map((g) => (
                <tr
                  key={g.id}
                  className="max-md:block max-md:rounded-2xl max-md:border max-md:border-line max-md:bg-white max-md:p-4"
                >
                  <td className={`${cell} ${border}`}>
                    <Link to={`/giveaways/${g.id}`} className="font-semibold underline">
                      {g.title}
                    </Link>
                    <div className="mt-1 flex items-center gap-2 text-muted">
                      <StateBadge giveaway={g} />
                      <span>/giveaway/{g.slug}</span>
                    </div>
                  </td>
                  <td className={`${cell} ${border}`}>
                    {formatDateTime(g.starts_at)} – {formatDateTime(g.ends_at)}
                  </td>
                  <td className={`${cell} ${border} md:text-right`}>
                    <span className="md:hidden">Entries: </span>
                    <strong>{g.entries}</strong>
                  </td>
                  <td className={`${cell} ${border}`}>
                    <CodeCounts giveaway={g} />
                  </td>
                  <td className={`${cell} ${border}`}>
                    {g.draw ? (
                      <>
                        {g.draw.winner.name}
                        <div className="text-muted">{g.draw.winner.email}</div>
                      </>
                    ) : (
                      <span className="text-muted">Not drawn</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
