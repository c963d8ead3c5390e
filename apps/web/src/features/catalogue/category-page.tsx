// /productCategory/{category}: every product of one category, narrowed by From and To
// price dropdowns in steps of 50, in the order of the sort the URL names (decision 063).
// Loads from the URL alone, so a reload keeps the page.
import { formatRupees } from '@kitroom/contract';
import { useEffect, useId, useState } from 'react';
import { Link, useParams } from '@/ui/router';
import { usePageData } from '@/api/page-data';
import { ApiError } from '@/api/client';
import { useCardWholesalePrices } from '@/features/wholesale';
import { WishlistHeart } from '@/features/wishlist';
import { buttonClass } from '@/ui/button-class';
import { Loader } from '@/ui/loader';
import { ProductCard } from '@/ui/product-card';
import { ProductGrid } from '@/ui/product-grid';
import { SortSelect, useSortParam } from '@/ui/sort-select';
import { useTitle } from '@/ui/use-title';
import { inPriceRange, priceSteps } from './category-rules';
import type { categoryLoader } from './loaders';

export default function CategoryPage() {
  const { category = '' } = useParams();
  const [sort, setSort] = useSortParam();
  // The route's loader (loaders.ts); neither data nor error: the page came without it and
  // loads it now.
  const { data, error } = usePageData<typeof categoryLoader>();
  const loading = data === undefined && error === undefined;
  useTitle(category);
  const fromId = useId();
  const toId = useId();

  const steps = data ? priceSteps(data.min_price, data.max_price) : [];
  const lowest = steps[0] ?? 0;
  const highest = steps[steps.length - 1] ?? 0;
  const [range, setRange] = useState({ from: lowest, to: highest });
  useEffect(
    () =>
      setRange((r) => (r.from === lowest && r.to === highest ? r : { from: lowest, to: highest })),
    [lowest, highest],
  );
  // Every product of the page in one call: moving the price range asks nothing again.
  const wholesale = useCardWholesalePrices(data?.products.map((p) => p.id) ?? []);

  if (loading) return <Loader label="Loading products" className="min-h-[60vh]" />;
  if (!data) {
    const unknown = error instanceof ApiError && error.status === 400;
    return (
      <div className="flex flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="font-display text-3xl font-bold uppercase">
          {unknown ? 'Category not found' : category}
        </h1>
        <p className="text-muted">
          {unknown ? 'We have no category by that name.' : 'Please try again.'}
        </p>
        <Link to="/allProducts" className={buttonClass('primary')}>
          Browse all products
        </Link>
      </div>
    );
  }

  const products = inPriceRange(data.products, range.from, range.to);
  return (
    <div className="mx-auto max-w-[1440px] px-4 py-8 sm:px-6">
      <h1 className="font-display text-4xl font-extrabold uppercase sm:text-5xl">{category}</h1>
      <div className="mt-5 flex flex-wrap items-end gap-3">
        <label htmlFor={fromId} className="text-sm font-semibold">
          From
          <select
            id={fromId}
            value={range.from}
            onChange={(e) => {
              const from = Number(e.target.value);
              setRange((r) => ({ from, to: Math.max(r.to, from) }));
            }}
            className="mt-1 block min-h-11 rounded-lg border border-line bg-white px-3"
          >
            {steps.map((s) => (
              <option key={s} value={s}>
                {formatRupees(s)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={toId} className="text-sm font-semibold">
          To
          <select
            id={toId}
            value={range.to}
            onChange={(e) => {
              const to = Number(e.target.value);
              setRange((r) => ({ from: Math.min(r.from, to), to }));
            }}
            className="mt-1 block min-h-11 rounded-lg border border-line bg-white px-3"
          >
            {steps.map((s) => (
              <option key={s} value={s}>
                {formatRupees(s)}
              </option>
            ))}
          </select>
        </label>
        <SortSelect value={sort} onChange={setSort} />
        <p className="pb-3 text-sm text-muted" aria-live="polite">
          {products.length} of {data.products.length} products
        </p>
      </div>
      <div className="mt-8">
        {products.length === 0 ? (
          <p className="py-16 text-center text-lg text-muted">
            No products found for the selected price range.
          </p>
        ) : (
          <ProductGrid label={`${category} products`}>
            {products.map((p, i) => (
              <li key={p.id}>
                <ProductCard
                  product={p}
                  showBadge
                  priority={i < 4}
                  corner={<WishlistHeart product={p} />}
                  wholesalePrice={wholesale.get(p.id)}
                />
              </li>
            ))}
          </ProductGrid>
        )}
      </div>
    </div>
  );
}
