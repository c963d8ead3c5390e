// The full-screen search overlay (spec section 2): popular category chips while the box is
// empty, the fixed suggestion phrases once the typed text finds products.
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@/ui/router';
import { getCategories } from '@/api/calls';
import { useApi } from '@/api/use-api';
import { Overlay } from '@/ui/overlay';
import { categoryPath, searchPath } from '@/ui/paths';
import { rankSuggestions } from './suggestions';
import { useProductSearch } from './use-product-search';

interface SearchOverlayProps {
  open: boolean;
  onClose: () => void;
}

export default function SearchOverlay({ open, onClose }: SearchOverlayProps) {
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const { products, query, searching } = useProductSearch(open ? text : '');
  const typed = text.trim();

  // The chips are asked each time the overlay opens (the kept list shows meanwhile); a
  // failure shows none.
  const categories = useApi(open ? 'categories' : null, (signal) => getCategories({ signal }), {
    fresh: true,
  }).data?.categories;
  const chips = categories?.filter((c) => c.product_count > 0) ?? [];

  useEffect(() => {
    if (!open) setText('');
  }, [open]);

  function go(path: string) {
    onClose();
    navigate(path);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (typed !== '') go(searchPath(typed));
  }

  const showChips = typed === '';
  const hasResult = typed !== '' && query === typed && !searching;

  return (
    <Overlay
      open={open}
      onClose={onClose}
      placement="full"
      labelledBy={titleId}
      initialFocus={input}
    >
      <div className="mx-auto flex h-full w-full max-w-3xl flex-col px-4 pt-4 sm:pt-10">
        <h2 id={titleId} className="sr-only">
          Search products
        </h2>
        <form
          role="search"
          onSubmit={onSubmit}
          className="flex items-center gap-2 border-b-2 border-ink pb-2"
        >
          <Search aria-hidden="true" className="shrink-0 text-muted" />
          <input
            ref={input}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Search by name or description..."
            aria-label="Search by name or description"
            enterKeyHint="search"
            autoComplete="off"
            maxLength={200}
            className="min-w-0 flex-1 bg-transparent py-2 text-lg outline-none placeholder:text-muted sm:text-2xl [&::-webkit-search-cancel-button]:appearance-none"
          />
          <button
            type="button"
            aria-label="Close search"
            onClick={onClose}
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full hover:bg-paper"
          >
            <X aria-hidden="true" />
          </button>
        </form>

        <div className="flex-1 overflow-y-auto py-6" aria-live="polite">
          {showChips && (
            <section aria-labelledby="popular-searches">
              <h3 id="popular-searches" className="font-display text-xl font-bold uppercase">
                Popular Searches
              </h3>
              <ul className="mt-4 flex flex-wrap gap-2">
                {chips.map((c) => (
                  <li key={c.category_name}>
                    <button
                      type="button"
                      onClick={() => go(categoryPath(c.category_name))}
                      className="rounded-full border border-line px-4 py-2 text-sm font-semibold hover:border-ink hover:bg-ink hover:text-white"
                    >
                      {c.category_name}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {hasResult && products.length === 0 && (
            <p className="text-lg text-muted">No products found.</p>
          )}
          {hasResult && products.length > 0 && (
            <section aria-labelledby="search-suggestions">
              <h3
                id="search-suggestions"
                className="mb-2 text-xs font-bold tracking-widest text-muted uppercase"
              >
                Suggestions
              </h3>
              <ul className="grid border-t border-line md:grid-cols-2 md:gap-x-8">
                {rankSuggestions(typed).map((phrase) => (
                  <li key={phrase}>
                    <button
                      type="button"
                      onClick={() => go(searchPath(phrase))}
                      className="flex w-full items-center gap-3 border-b border-line py-3 text-left hover:bg-paper"
                    >
                      <Search aria-hidden="true" size={16} className="text-muted" />
                      {phrase}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
    </Overlay>
  );
}
