// Live product search: debounced, only the latest response counts, and empty text clears
// the results without a call. A failed search reads as no results (spec section 8). The
// responses go through useApi under the search page's keys, so each text is asked once a visit.
import type { ProductSummary } from '@kitroom/contract';
import { useEffect, useState } from 'react';
import { searchProducts } from '@/api/calls';
import { useApi } from '@/api/use-api';

export const SEARCH_DEBOUNCE_MS = 250;

export interface SearchState {
  products: ProductSummary[];
  /** The text these results are for ('' before any search). */
  query: string;
  searching: boolean;
}

const NOTHING: SearchState = { products: [], query: '', searching: false };

const resultsFor = (query: string, products: ProductSummary[] | undefined): SearchState => ({
  products: products ?? [],
  query,
  searching: false,
});

export function useProductSearch(text: string, debounceMs = SEARCH_DEBOUNCE_MS): SearchState {
  const query = text.trim();
  // The text typing paused on; null while typing (the older search is dropped at once).
  const [asked, setAsked] = useState<string | null>(null);
  // The last response shown, kept on screen while the next one is on its way.
  const [shown, setShown] = useState<SearchState>(NOTHING);

  useEffect(() => {
    setAsked(null);
    if (query === '') return;
    const timer = window.setTimeout(() => setAsked(query), debounceMs);
    return () => window.clearTimeout(timer);
  }, [query, debounceMs]);

  const search = useApi(asked === null ? null : `search ${asked}`, (signal) =>
    searchProducts(asked ?? '', { signal }),
  );
  const done = asked !== null && asked === query && !search.loading;
  const products = search.error === undefined ? search.data?.products : undefined;

  useEffect(() => {
    if (done) setShown(resultsFor(query, products));
  }, [done, query, products]);

  if (query === '') return NOTHING;
  return done ? resultsFor(query, products) : { ...shown, searching: true };
}
