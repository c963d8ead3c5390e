// "Size chart" beside the product's sizes: opens the chart of the product's category in a
// dialog whose code and data load on the first opening, so the product page's first load
// carries neither (decision 047).
import { Ruler } from 'lucide-react';
import { Suspense, useState } from 'react';
import { lazyPart } from '@/ui/lazy-part';
import { LoadingOverlay } from '@/ui/loader';

const SizeChartDialog = lazyPart(() => import('./size-chart-dialog'));

export function SizeChartButton({ productId }: { productId: number }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold underline underline-offset-4"
      >
        <Ruler aria-hidden="true" size={18} /> Size chart
      </button>
      {loaded && (
        <Suspense fallback={open ? <LoadingOverlay label="Loading size chart" /> : null}>
          <SizeChartDialog productId={productId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
