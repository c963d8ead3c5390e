// The size chart's dialog: how to measure (a picture), the fit note, and each size's chest
// and length in centimetres. Loaded with its data the first time the shopper opens it.
import { X } from 'lucide-react';
import { useId } from 'react';
import { getSizeChart } from '@/api/size-chart-calls';
import { useApi } from '@/api/use-api';
import { Loader } from '@/ui/loader';
import { Overlay } from '@/ui/overlay';
import measureUrl from './how-to-measure.svg';

interface Props {
  productId: number;
  open: boolean;
  onClose: () => void;
}

export default function SizeChartDialog({ productId, open, onClose }: Props) {
  const titleId = useId();
  const { data, error } = useApi(`size-chart ${productId}`, (signal) =>
    getSizeChart(productId, { signal }),
  );
  const chart = data?.size_chart;
  return (
    <Overlay
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      className="max-h-[92vh] w-[min(94vw,34rem)]! overflow-y-auto"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={titleId} className="font-display text-2xl font-bold uppercase">
          Size chart{chart ? `: ${chart.name}` : ''}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close size chart"
          className="-mt-1 -mr-2 inline-flex size-11 items-center justify-center rounded-full hover:bg-paper"
        >
          <X aria-hidden="true" size={22} />
        </button>
      </div>
      {error ? (
        <p role="alert" className="mt-3 text-sale">
          The size chart could not be loaded. Please try again.
        </p>
      ) : !data ? (
        <Loader label="Loading size chart" className="py-10" />
      ) : !chart ? (
        <p className="mt-3 text-muted">This jersey has no size chart yet.</p>
      ) : (
        <>
          {chart.fit_note && <p className="mt-2 font-semibold">{chart.fit_note}</p>}
          <table className="mt-4 w-full text-left text-sm">
            <caption className="sr-only">Body measurements in centimetres for each size</caption>
            <thead>
              <tr className="border-b-2 border-ink">
                <th scope="col" className="py-2">
                  Size
                </th>
                <th scope="col" className="py-2 text-right">
                  Chest (cm)
                </th>
                <th scope="col" className="py-2 text-right">
                  Length (cm)
                </th>
              </tr>
            </thead>
            <tbody>
              {chart.rows.map((row) => (
                <tr key={row.size} className="border-b border-line">
                  <th scope="row" className="py-2 font-bold">
                    {row.size}
                  </th>
                  <td className="py-2 text-right tabular-nums">{row.chest_cm}</td>
                  <td className="py-2 text-right tabular-nums">{row.length_cm}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3 className="mt-5 font-semibold">How to measure</h3>
          <div className="mt-2 grid items-center gap-3 sm:grid-cols-[10rem_1fr]">
            <img src={measureUrl} alt="" width={160} height={130} className="mx-auto" />
            <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
              <li>
                <strong className="text-ink">Chest:</strong> around the fullest part of the chest,
                under the arms, the tape level.
              </li>
              <li>
                <strong className="text-ink">Length:</strong> from the highest point of the
                shoulder, by the collar, straight down to the hem.
              </li>
              <li>Between two sizes, take the larger one.</li>
            </ul>
          </div>
        </>
      )}
    </Overlay>
  );
}
