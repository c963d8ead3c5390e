// /searchPage/{searchTerm}: a search box and the products that match the term, best match
// first or in the order of the sort the URL names (decision 063). Searching with an empty box
// clears the results without a call (spec section 5).
import { SORT_TEXTS } from '@kitroom/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from '@/ui/router';
import { searchProducts } from '@/api/calls';
import { useApi } from '@/api/use-api';
import { useCardWholesalePrices } from '@/features/wholesale';
import { WishlistHeart } from '@/features/wishlist';
import { buttonClass } from '@/ui/button-class';
import { Loader } from '@/ui/loader';
import { searchPath } from '@/ui/paths';
import { ProductCard } from '@/ui/product-card';
import { ProductGrid } from '@/ui/product-grid';
import { SortSelect, useSortParam } from '@/ui/sort-select';
import { useTitle } from '@/ui/use-title';

export default function SearchPage() {
  const { term = '' } = useParams();
  const navigate = useNavigate();
  const [text, setText] = useState(term);
  const query = term.trim();
  const [sort, setSort] = useSortParam();
  // The overlay's live search shares the best-match key.
  const key = sort ? `search-sorted ${sort} ${query}` : `search ${query}`;
  const { data, loading } = useApi(query === '' ? null : key, (signal) =>
    searchProducts(query, { signal }, sort),
  );
  useTitle(query ? `Search: ${query}` : 'Search');

  useEffect(() => setText(term), [term]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const search = sort ? `?sort=${sort}` : '';
    navigate(text.trim() === '' ? '/searchPage' : `${searchPath(text)}${search}`);
  }

  const products = query === '' ? [] : (data?.products ?? []);
  const wholesale = useCardWholesalePrices(products.map((p) => p.id));
  return (
    <div className="mx-auto max-w-[1440px] px-4 py-8 sm:px-6">
      <h1 className="font-display text-3xl font-bold uppercase sm:text-4xl">
        {query ? <>Results for “{query}”</> : 'Search'}
      </h1>
      <div className="mt-5 flex flex-wrap items-end justify-between gap-4">
        <form role="search" onSubmit={onSubmit} className="flex max-w-xl flex-1 gap-2">
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-label="Search products"
            placeholder="Search by name or description..."
            maxLength={200}
            className="min-h-11 min-w-0 flex-1 rounded-full border border-line px-4"
          />
          <button type="submit" className={buttonClass('primary')}>
            Search
          </button>
        </form>
        <SortSelect value={sort} onChange={setSort} ownOrder={SORT_TEXTS.searchDefault} />
      </div>
      <div className="mt-8">
        {loading && query !== '' ? (
          <Loader label="Searching" />
        ) : query !== '' && products.length === 0 ? (
          <p className="py-16 text-center font-display text-2xl font-bold text-muted uppercase">
            Product Not Found
          </p>
        ) : (
          <ProductGrid label="Search results">
            {products.map((p) => (
              <li key={p.id}>
                <ProductCard
                  product={p}
                  showBadge
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
