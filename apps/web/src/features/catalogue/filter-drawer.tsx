// The listing's filter drawer on a phone: the filters as a draft, applied or dropped at once
// (the page loads it when it first opens).
import { useId } from 'react';
import { buttonClass } from '@/ui/button-class';
import { Overlay } from '@/ui/overlay';
import { FilterPanel, type FacetLists } from './filter-panel';
import { hasAnyFilter, NO_FILTERS, type Filters, type PriceBounds } from './filter-rules';

interface FilterDrawerProps {
  facets: FacetLists;
  bounds: PriceBounds;
  draft: Filters;
  /** The draft's price range (the bounds where it names none). */
  price: { min: number; max: number };
  onDraft: (draft: Filters) => void;
  onClose: () => void;
  onApply: () => void;
}

export default function FilterDrawer({
  facets,
  bounds,
  draft,
  price,
  onDraft,
  onClose,
  onApply,
}: FilterDrawerProps) {
  const titleId = useId();
  return (
    <Overlay open onClose={onClose} placement="full" labelledBy={titleId}>
      <div className="flex h-16 shrink-0 items-center border-b border-line px-4">
        <h2 id={titleId} className="font-display text-2xl font-bold uppercase">
          Filter
        </h2>
        {hasAnyFilter(draft) && (
          <button
            type="button"
            className="ml-auto text-sm font-semibold underline"
            onClick={() => onDraft(NO_FILTERS)}
          >
            Clear all
          </button>
        )}
      </div>
      <div className="flex-1 overflow-y-auto px-4">
        <FilterPanel
          facets={facets}
          filters={draft}
          onChange={onDraft}
          bounds={bounds}
          price={price}
          onPriceChange={(min, max) => onDraft({ ...draft, min, max })}
        />
      </div>
      <div className="grid shrink-0 grid-cols-2 gap-3 border-t border-line p-4">
        <button type="button" className={buttonClass('ghost')} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={buttonClass('primary')} onClick={onApply}>
          Apply
        </button>
      </div>
    </Overlay>
  );
}
