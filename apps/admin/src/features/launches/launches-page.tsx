// /admin/launches (catalogue.read): every kit launch, latest start first, with its time in
// India, its rules, the fans waiting for the mail and the pieces sold (decision 070).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { callQuery, errorText } from '@/api/client';
import { useMay } from '@/api/session';
import { buttonClass } from '@/ui/button';
import { formatDateTime } from '@/ui/dates';
import { FormMessage } from '@/ui/form-field';
import { useTitle } from '@/ui/use-title';
import { stateLabel, STATE_TONE } from './launch-values';

const cell = 'px-3 py-3 align-top max-md:block max-md:px-0 max-md:py-1';
const border = 'md:border-b md:border-line';

export function LaunchesPage() {
  useTitle('Launches');
  const mayWrite = useMay('catalogue.write');
  const list = useQuery(callQuery('listLaunches'));
  const launches = list.data?.launches ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Launches</h1>
          <p className="mt-1 max-w-2xl text-muted">
            A launch puts jerseys on sale at a set time. Before it, their pages count down and fans
            can ask for a mail; from it, each fan may buy a set number of each size, unpaid orders
            hold the shirts for a few minutes only, and cash on delivery is on or off.
          </p>
        </div>
        {mayWrite && (
          <Link to="/launches/new" className={buttonClass('accent')}>
            New launch
          </Link>
        )}
      </div>

      <section
        aria-labelledby="launch-list"
        className="md:rounded-2xl md:border md:border-line md:bg-white md:p-4"
      >
        <h2 id="launch-list" className="sr-only">
          Launches
        </h2>
        {list.error ? (
          <FormMessage text={errorText(list.error)} />
        ) : !list.data ? (
          <p role="status">Loading launches…</p>
        ) : launches.length === 0 ? (
          <p className="text-muted">No launches yet.</p>
        ) : (
          <table className="w-full text-left text-sm max-md:block">
            <thead className="max-md:sr-only">
              <tr className="text-xs font-bold tracking-wide text-muted uppercase">
                <th scope="col" className="px-3 py-2">
                  Launch
                </th>
                <th scope="col" className="px-3 py-2">
                  On sale from (India time)
                </th>
                <th scope="col" className="px-3 py-2">
                  Rules
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Waiting for the mail
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Sold
                </th>
              </tr>
            </thead>
            <tbody className="max-md:block max-md:space-y-3">
              {launches.map((l) => (
                <tr
                  key={l.id}
                  className="max-md:block max-md:rounded-2xl max-md:border max-md:border-line max-md:bg-white max-md:p-4"
                >
                  <td className={`${cell} ${border}`}>
                    <Link to={`/launches/${l.id}`} className="font-semibold underline">
                      {l.name}
                    </Link>
                    <div className="mt-1 flex flex-wrap items-center gap-2 text-muted">
                      <span
                        className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold ${STATE_TONE[l.state]}`}
                      >
                        {stateLabel(l)}
                      </span>
                      <span>{l.products.map((p) => p.name).join(', ')}</span>
                    </div>
                  </td>
                  <td className={`${cell} ${border}`}>
                    {formatDateTime(l.starts_at)}
                    <div className="text-muted">limits until {formatDateTime(l.limits_until)}</div>
                  </td>
                  <td className={`${cell} ${border}`}>
                    {l.per_fan_limit} per size per fan · holds {l.hold_minutes} min ·{' '}
                    {l.cod_allowed ? 'COD on' : 'COD off'}
                    <div className="text-muted">
                      {l.queue_opens_minutes === 0
                        ? 'No queue'
                        : `Queue opens ${l.queue_opens_minutes} min before · ${l.admit_per_minute} fans a minute · ${l.queued} queued`}
                    </div>
                  </td>
                  <td className={`${cell} ${border} md:text-right`}>
                    <span className="md:hidden">Waiting for the mail: </span>
                    <strong>{l.alerts}</strong>
                    {l.alerts_sent_at && <div className="text-muted">mailed</div>}
                  </td>
                  <td className={`${cell} ${border} md:text-right`}>
                    <span className="md:hidden">Sold: </span>
                    <strong>{l.sold}</strong>
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
