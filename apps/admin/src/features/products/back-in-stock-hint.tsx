// The restocking hint on a product's page: how many shoppers asked to be mailed when each
// sold-out size is back (decision 047). Shown only while someone waits.
import { useQuery } from '@tanstack/react-query';
import { callQuery } from '@/api/client';

export function BackInStockHint({ productId }: { productId: number }) {
  const waiting = useQuery(callQuery('backInStockWaiting', { params: { id: productId } }));
  const sizes = waiting.data?.sizes.filter((s) => s.waiting > 0) ?? [];
  if (sizes.length === 0) return null;
  return (
    <section
      aria-labelledby="back-in-stock"
      className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-900"
    >
      <h2 id="back-in-stock" className="text-lg font-bold">
        Waiting for a restock
      </h2>
      <p className="mt-1 text-sm">
        Each is mailed once when their size is back in stock, whichever way it comes back.
      </p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {sizes.map((s) => (
          <li key={s.size} className="rounded-full bg-white px-3 py-1 text-sm font-semibold">
            {s.size}: {s.waiting} {s.waiting === 1 ? 'shopper' : 'shoppers'}
          </li>
        ))}
      </ul>
    </section>
  );
}
