// The listings' sort control (decision 063): a labelled native <select> of the contract's
// sorts, the shop's own order first, and the page address's `?sort=` it reads and writes.
import { SORT_TEXTS, SORTS, sortOf, type ListingSort } from '@kitroom/contract';
import { useId, useState } from 'react';
import { useSearchParams } from './router';

export function SortSelect({
  value,
  onChange,
  ownOrder = SORT_TEXTS.listingDefault,
}: {
  value: ListingSort | undefined;
  onChange: (sort: ListingSort | undefined) => void;
  /** The name of the page's own order ('Featured'; search's 'Best match'). */
  ownOrder?: string;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="text-sm font-semibold">
      {SORT_TEXTS.label}
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(sortOf(e.target.value))}
        className="mt-1 block min-h-11 rounded-lg border border-line bg-white px-3"
      >
        <option value="">{ownOrder}</option>
        {SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_TEXTS.sorts[sort]}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The sort the address names (an unknown one: the shop's own order), and a setter that
 * writes it into the address, keeping the other parameters but `start` (a new order starts
 * at its first page). The choice shows at once, while the router loads the new address.
 */
export function useSortParam(): [ListingSort | undefined, (sort: ListingSort | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const inUrl = sortOf(params.get('sort'));
  const [chosen, setChosen] = useState({ sort: inUrl, inUrl });
  // The address moved on (the new page loaded, or back and forward): it decides again.
  const shown = chosen.inUrl === inUrl ? chosen.sort : inUrl;
  if (chosen.inUrl !== inUrl) setChosen({ sort: inUrl, inUrl });
  function choose(sort: ListingSort | undefined) {
    setChosen({ sort, inUrl });
    const next = new URLSearchParams(params);
    if (sort) next.set('sort', sort);
    else next.delete('sort');
    next.delete('start');
    setParams(next);
  }
  return [shown, choose];
}
