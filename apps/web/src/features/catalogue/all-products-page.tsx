// /allProducts: facet filters with counts, a price range, pages of 50 (spec sections 2, 4,
// 5) and a sort (decision 063). Filters, the window and the sort live in the URL.
import type { ShopListingResponse } from '@kitroom/contract';
import { SlidersHorizontal } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyPart } from '@/ui/lazy-part';
import { useSearchParams } from '@/ui/router';
import { useNavigating, usePageData } from '@/api/page-data';
import { useCardWholesalePrices } from '@/features/wholesale';
import { WishlistHeart } from '@/features/wishlist';
import { buttonClass } from '@/ui/button-class';
import { Loader } from '@/ui/loader';
import { ProductCard } from '@/ui/product-card';
import { ProductGrid } from '@/ui/product-grid';
import { SortSelect } from '@/ui/sort-select';
import { useTitle } from '@/ui/use-title';
import { FilterPanel, type FacetLists } from './filter-panel';
import {
  clampMax,
  clampMin,
  hasNextPage,
  nextWindow,
  NO_FILTERS,
  previousWindow,
  priceBounds,
  readFilters,
  readSort,
  readStart,
  writeFilters,
  type Filters,
  type PriceBounds,
} from './filter-rules';
import type { allProductsLoader } from './loaders';
import { Pager } from './pager';

// The phone's filter drawer opens on a tap: its code loads then.
const FilterDrawer = lazyPart(() => import('./filter-drawer'));

const NO_FACETS: FacetLists = { categories: [], sub_categories: [], teams: [], players: [] };

function priceOf(filters: Filters, bounds: PriceBounds) {
  return { min: filters.min ?? bounds.min, max: filters.max ?? bounds.max };
}

export default function AllProductsPage() {
  const [params, setParams] = useSearchParams();
  // The URL is the source of truth (reload, back, shared links); the local copy responds to a
  // click at once, while the router applies the new URL in a transition.
  const query = params.toString();
  const [view, setView] = useState(() => ({
    filters: readFilters(params),
    start: readStart(params),
    sort: readSort(params),
  }));
  // The view was made from this query; a later one (back, forward) replaces it.
  const viewQuery = useRef(query);
  useEffect(() => {
    if (viewQuery.current === query) return;
    viewQuery.current = query;
    const fromUrl = new URLSearchParams(query);
    setView({ filters: readFilters(fromUrl), start: readStart(fromUrl), sort: readSort(fromUrl) });
  }, [query]);
  const { filters, start, sort } = view;
  // The route's loader loads the window the URL names (loaders.ts): while the next one loads
  // (a filter or page just chosen), the last one stays on screen, dimmed; neither data nor
  // error: the page came without it and loads it now.
  const { data, error } = usePageData<typeof allProductsLoader>();
  const navigating = useNavigating();
  const loading =
    (data === undefined && error === undefined) || navigating?.pathname === '/allProducts';
  useTitle('All Products');

  // While the next response loads, the last one stays on screen (no jump to an empty page).
  const last = useRef<ShopListingResponse | undefined>(undefined);
  if (data) last.current = data;
  const shown = data ?? (error ? undefined : last.current);

  const bounds = priceBounds(shown?.min_price, shown?.max_price);
  const [price, setPrice] = useState(() => priceOf(filters, bounds));
  const [panelOpen, setPanelOpen] = useState(false);
  const [draft, setDraft] = useState<Filters>(filters);

  const priceKey = `${filters.min}-${filters.max}-${bounds.min}-${bounds.max}`;
  useEffect(() => {
    const next = priceOf(filters, bounds);
    setPrice((p) => (p.min === next.min && p.max === next.max ? p : next));
    // Reset the inputs when the applied range or the bounds change, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- priceKey names them
  }, [priceKey]);

  /** Any change of filters, price or sort starts again at the first window; the sort stays. */
  function commit(next: Filters, nextSort = sort) {
    setView({ filters: next, start: 0, sort: nextSort });
    setParams(writeFilters(next, 0, nextSort));
  }

  function applyPrice(filtersNow: Filters, range: { min: number; max: number }) {
    const min = clampMin(range.min, range.max, bounds);
    const max = clampMax(range.max, min, bounds);
    commit({
      ...filtersNow,
      min: min === bounds.min ? null : min,
      max: max === bounds.max ? null : max,
    });
  }

  function goTo(nextStart: number) {
    setView({ filters, start: nextStart, sort });
    setParams(writeFilters(filters, nextStart, sort));
    window.scrollTo({ top: 0 });
  }

  const products = shown?.products ?? [];
  const wholesale = useCardWholesalePrices(products.map((p) => p.id));
  const total = shown?.total ?? 0;
  const facets: FacetLists = shown ?? NO_FACETS;

  return (
    <div className="mx-auto max-w-[1440px] px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-4xl font-extrabold uppercase sm:text-5xl">
            All Products
          </h1>
          <p className="mt-1 text-sm text-muted" aria-live="polite">
            {shown ? `${total} ${total === 1 ? 'product' : 'products'}` : ''}
          </p>
        </div>
        <div className="flex items-end gap-3">
          <SortSelect value={sort} onChange={(next) => commit(filters, next)} />
          <button
            type="button"
            className={buttonClass('ghost', 'lg:hidden')}
            onClick={() => {
              setDraft(filters);
              setPanelOpen(true);
            }}
          >
            <SlidersHorizontal aria-hidden="true" size={18} /> Filter
          </button>
        </div>
      </div>

      <div className="mt-6 grid gap-8 lg:grid-cols-[280px_1fr]">
        <aside aria-label="Filters" className="hidden lg:block">
          <FilterPanel
            facets={facets}
            filters={filters}
            onChange={commit}
            bounds={bounds}
            price={price}
            onPriceChange={(min, max) => setPrice({ min, max })}
          />
          <div className="mt-4 grid grid-cols-2 gap-3">
            <button
              type="button"
              className={buttonClass('ghost')}
              onClick={() => commit(NO_FILTERS)}
            >
              Reset
            </button>
            <button
              type="button"
              className={buttonClass('primary')}
              onClick={() => applyPrice(filters, price)}
            >
              Apply
            </button>
          </div>
        </aside>

        <section aria-label="Products" aria-busy={loading}>
          {!shown && loading ? (
            <div className="py-16 text-center">
              <Loader label="Loading products" />
              <p className="text-muted">Loading products...</p>
            </div>
          ) : products.length === 0 ? (
            <div className="flex flex-col items-center gap-4 py-20 text-center">
              <p className="font-display text-3xl font-bold uppercase">No products found!</p>
              <button
                type="button"
                className={buttonClass('primary')}
                onClick={() => commit(NO_FILTERS)}
              >
                Reset Filters
              </button>
            </div>
          ) : (
            <div className={loading ? 'opacity-60 transition-opacity' : ''}>
              <ProductGrid label="Products">
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
              <Pager
                start={start}
                shown={products.length}
                total={total}
                hasNext={hasNextPage(start, products.length, total)}
                onPrevious={() => goTo(previousWindow(start))}
                onNext={() => goTo(nextWindow(start))}
              />
            </div>
          )}
        </section>
      </div>

      {panelOpen && (
        <Suspense fallback={null}>
          <FilterDrawer
            facets={facets}
            bounds={bounds}
            draft={draft}
            price={priceOf(draft, bounds)}
            onDraft={setDraft}
            onClose={() => setPanelOpen(false)}
            onApply={() => {
              setPanelOpen(false);
              applyPrice(draft, priceOf(draft, bounds));
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
