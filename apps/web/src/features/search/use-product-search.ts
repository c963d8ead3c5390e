// Live product search: debounced, only the latest answer counts, and empty text clears
// the results without a call. A failed search reads as no results (spec section 8).
import type { ProductSummary } from '@kitroom/contract';
import { useEffect, useState } from 'react';
import { searchProducts } from '@/api/calls';

export const SEARCH_DEBOUNCE_MS = 250;

export interface SearchState {
  products: ProductSummary[];
  /** The text these results answer ('' before any search). */
  answered: string;
  searching: boolean;
}

export function useProductSearch(text: string, debounceMs = SEARCH_DEBOUNCE_MS): SearchState {
  const [state, setState] = useState<SearchState>({ products: [], answered: '', searching: false });
  const query = text.trim();

  useEffect(() => {
    if (query === '') {
      setState({ products: [], answered: '', searching: false });
      return;
    }
    setState((s) => ({ ...s, searching: true }));
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchProducts(query, { signal: controller.signal })
        .then(({ products }) => setState({ products, answered: query, searching: false }))
        .catch(() => {
          if (!controller.signal.aborted) {
            setState({ products: [], answered: query, searching: false });
          }
        });
    }, debounceMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, debounceMs]);

  return state;
}
