// /searchPage/{searchTerm}: a search box and the products that answer the term. Searching
// with an empty box clears the results without a call (spec section 5).
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { searchProducts } from '@/api/calls';
import { useApi } from '@/api/use-api';
import { useCardWholesalePrices } from '@/features/wholesale';
import { WishlistHeart } from '@/features/wishlist';
import { buttonClass } from '@/ui/dialog';
import { Loader } from '@/ui/loader';
import { searchPath } from '@/ui/paths';
import { ProductCard } from '@/ui/product-card';
import { ProductGrid } from '@/ui/product-grid';
import { useTitle } from '@/ui/use-title';

export default function SearchPage() {
  const { term = '' } = useParams();
  const navigate = useNavigate();
  const [text, setText] = useState(term);
  const query = term.trim();
  const { data, loading } = useApi(query === '' ? null : `search ${query}`, (signal) =>
    searchProducts(query, { signal }),
  );
  useTitle(query ? `Search: ${query}` : 'Search');

  useEffect(() => setText(term), [term]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void navigate(text.trim() === '' ? '/searchPage' : searchPath(text));
  }

  const products = query === '' ? [] : (data?.products ?? []);
  const wholesale = useCardWholesalePrices(products.map((p) => p.id));
  return (
    <div className="mx-auto max-w-[1440px] px-4 py-8 sm:px-6">
      <h1 className="font-display text-3xl font-bold uppercase sm:text-4xl">
        {query ? <>Results for “{query}”</> : 'Search'}
      </h1>
      <form role="search" onSubmit={onSubmit} className="mt-5 flex max-w-xl gap-2">
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
