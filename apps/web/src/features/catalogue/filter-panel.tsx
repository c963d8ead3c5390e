// The collapsible filter lists of all products: Category, Sub Categories, Teams, Players
// (with counts) and Price Range.
import type { ShopListingResponse } from '@kitroom/contract';
import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import {
  isSubCategoryDisabled,
  toggleCategory,
  toggleName,
  type Filters,
  type PriceBounds,
} from './filter-rules';
import { PriceRange } from './price-range';

export interface FacetLists {
  categories: ShopListingResponse['categories'];
  sub_categories: ShopListingResponse['sub_categories'];
  teams: ShopListingResponse['teams'];
  players: ShopListingResponse['players'];
}

function Collapsible({
  title,
  children,
  startOpen = true,
}: {
  title: string;
  children: ReactNode;
  startOpen?: boolean;
}) {
  const [open, setOpen] = useState(startOpen);
  const id = useId();
  return (
    <div className="border-b border-line py-3">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className="flex min-h-10 w-full items-center justify-between text-left font-display text-lg font-bold uppercase"
        >
          {title}
          <ChevronDown
            aria-hidden="true"
            size={18}
            className={`transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      <div id={id} hidden={!open} className="pt-2">
        {children}
      </div>
    </div>
  );
}

interface Option {
  name: string;
  count: number;
  disabled?: boolean;
}

function CheckList({
  legend,
  options,
  selected,
  onToggle,
}: {
  legend: string;
  options: Option[];
  selected: readonly string[];
  onToggle: (name: string) => void;
}) {
  if (options.length === 0) return <p className="text-sm text-muted">None for these filters.</p>;
  return (
    <fieldset className="max-h-64 space-y-0.5 overflow-y-auto pr-1">
      <legend className="sr-only">{legend}</legend>
      {options.map((o) => (
        <label
          key={o.name}
          className={`flex min-h-9 items-center gap-3 rounded-md px-1 text-sm ${o.disabled ? 'text-muted' : 'hover:bg-paper'}`}
        >
          <input
            type="checkbox"
            checked={selected.includes(o.name)}
            disabled={o.disabled}
            onChange={() => onToggle(o.name)}
            className="h-4 w-4 shrink-0 accent-ink"
          />
          <span className="flex-1">{o.name}</span>
          <span className="text-xs text-muted">{o.count}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Selected names stay listed (with 0) even when the other filters leave them no products. */
function withSelected(options: Option[], selected: readonly string[]): Option[] {
  const missing = selected.filter((n) => !options.some((o) => o.name === n));
  return [...options, ...missing.map((name) => ({ name, count: 0 }))];
}

interface FilterPanelProps {
  facets: FacetLists;
  filters: Filters;
  onChange: (filters: Filters) => void;
  bounds: PriceBounds;
  price: { min: number; max: number };
  onPriceChange: (min: number, max: number) => void;
}

export function FilterPanel({
  facets,
  filters,
  onChange,
  bounds,
  price,
  onPriceChange,
}: FilterPanelProps) {
  const categories = withSelected(
    facets.categories.map((c) => ({ name: c.category_name, count: c.count })),
    filters.category ? [filters.category] : [],
  );
  const subs = withSelected(
    facets.sub_categories.map((s) => ({
      name: s.sub_category_name,
      count: s.count,
      disabled: isSubCategoryDisabled(s.category_name, filters),
    })),
    filters.subcategories,
  );
  const teams = withSelected(
    facets.teams.map((t) => ({ name: t.team_name, count: t.count })),
    filters.teams,
  );
  const players = withSelected(
    facets.players.map((p) => ({ name: p.player_name, count: p.count })),
    filters.players,
  );

  return (
    <div>
      <Collapsible title="Category">
        <CheckList
          legend="Category"
          options={categories}
          selected={filters.category ? [filters.category] : []}
          onToggle={(name) => onChange(toggleCategory(filters, name))}
        />
      </Collapsible>
      <Collapsible title="Sub Categories">
        <CheckList
          legend="Sub Categories"
          options={subs}
          selected={filters.subcategories}
          onToggle={(name) =>
            onChange({ ...filters, subcategories: toggleName(filters.subcategories, name) })
          }
        />
      </Collapsible>
      <Collapsible title="Teams">
        <CheckList
          legend="Teams"
          options={teams}
          selected={filters.teams}
          onToggle={(name) => onChange({ ...filters, teams: toggleName(filters.teams, name) })}
        />
      </Collapsible>
      <Collapsible title="Players">
        <CheckList
          legend="Players"
          options={players}
          selected={filters.players}
          onToggle={(name) => onChange({ ...filters, players: toggleName(filters.players, name) })}
        />
      </Collapsible>
      <Collapsible title="Price Range">
        <PriceRange bounds={bounds} min={price.min} max={price.max} onChange={onPriceChange} />
      </Collapsible>
    </div>
  );
}
