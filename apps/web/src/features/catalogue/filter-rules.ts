// The all-products filters (spec sections 2, 4, 5, 9): single-select category that clears
// sub-categories, multi-select sub-categories, teams and players, a price range kept 5 apart,
// and a window of 50 products. The filters live in the URL so a reload or a shared link
// shows the same page.
import {
  DEFAULT_PRICE_RANGE,
  formatLimit,
  PAGE_SIZE,
  PRICE_SLIDER_GAP,
  sortOf,
  type ListingSort,
  type ShopListingRequest,
} from '@kitroom/contract';

export interface Filters {
  category: string | null;
  subcategories: string[];
  teams: string[];
  players: string[];
  min: number | null;
  max: number | null;
}

export const NO_FILTERS: Filters = {
  category: null,
  subcategories: [],
  teams: [],
  players: [],
  min: null,
  max: null,
};

export interface PriceBounds {
  min: number;
  max: number;
}

/** Picking the selected category again clears it; any change of category clears sub-categories. */
export function toggleCategory(filters: Filters, name: string): Filters {
  return { ...filters, category: filters.category === name ? null : name, subcategories: [] };
}

/** Multi-select lists: a name is added, or removed when already there. */
export function toggleName(list: readonly string[], name: string): string[] {
  return list.includes(name) ? list.filter((n) => n !== name) : [...list, name];
}

/** A sub-category is disabled while categories are selected and its own is not among them. */
export function isSubCategoryDisabled(subCategoryParent: string, filters: Filters): boolean {
  return filters.category !== null && filters.category !== subCategoryParent;
}

/** The slider bounds: the facets' price bounds, or 0 to 1000 when there are none. */
export function priceBounds(min: number | undefined, max: number | undefined): PriceBounds {
  if (min === undefined || max === undefined || max <= 0 || max < min) {
    return { ...DEFAULT_PRICE_RANGE };
  }
  const low = Math.floor(min);
  const high = Math.ceil(max);
  return { min: low, max: Math.max(high, low + PRICE_SLIDER_GAP) };
}

/** The minimum never comes closer than 5 below the maximum. */
export function clampMin(value: number, max: number, bounds: PriceBounds): number {
  const v = Number.isFinite(value) ? value : bounds.min;
  return Math.max(bounds.min, Math.min(v, max - PRICE_SLIDER_GAP));
}

/** The maximum never comes closer than 5 above the minimum. */
export function clampMax(value: number, min: number, bounds: PriceBounds): number {
  const v = Number.isFinite(value) ? value : bounds.max;
  return Math.min(bounds.max, Math.max(v, min + PRICE_SLIDER_GAP));
}

export const nextWindow = (start: number) => start + PAGE_SIZE;
export const previousWindow = (start: number) => Math.max(0, start - PAGE_SIZE);

/** A next page exists when this one was full and more products match. */
export function hasNextPage(start: number, shown: number, total: number): boolean {
  return shown === PAGE_SIZE && start + PAGE_SIZE < total;
}

export function toListingRequest(
  filters: Filters,
  start: number,
  sort?: ListingSort,
): ShopListingRequest {
  const request: ShopListingRequest = { limit: formatLimit(start) };
  if (sort) request.sort = sort;
  if (filters.min !== null) request.price_range_minimum = filters.min;
  if (filters.max !== null) request.price_range_maximum = filters.max;
  if (filters.category !== null) request.category = [filters.category];
  if (filters.subcategories.length > 0) request.subcategory = filters.subcategories;
  if (filters.teams.length > 0) request.team = filters.teams;
  if (filters.players.length > 0) request.player = filters.players;
  return request;
}

function readNumber(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * The query parameters readFilters, readStart and readSort read: all products' address is its
 * path and these.
 */
export const FILTER_PARAMS = [
  'category',
  'sub',
  'team',
  'player',
  'min',
  'max',
  'start',
  'sort',
] as const;

export function readFilters(params: URLSearchParams): Filters {
  return {
    category: params.get('category') || null,
    subcategories: params.getAll('sub').filter(Boolean),
    teams: params.getAll('team').filter(Boolean),
    players: params.getAll('player').filter(Boolean),
    min: readNumber(params.get('min')),
    max: readNumber(params.get('max')),
  };
}

export function readStart(params: URLSearchParams): number {
  const start = readNumber(params.get('start'));
  return start === null ? 0 : Math.floor(start / PAGE_SIZE) * PAGE_SIZE;
}

/** The sort the URL names; an unknown one is the shop's own order. */
export function readSort(params: URLSearchParams): ListingSort | undefined {
  return sortOf(params.get('sort'));
}

/** The URL query of filters, a window start (0 is left out) and a sort (the default left out). */
export function writeFilters(filters: Filters, start = 0, sort?: ListingSort): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  for (const s of filters.subcategories) params.append('sub', s);
  for (const t of filters.teams) params.append('team', t);
  for (const p of filters.players) params.append('player', p);
  if (filters.min !== null) params.set('min', String(filters.min));
  if (filters.max !== null) params.set('max', String(filters.max));
  if (start > 0) params.set('start', String(start));
  if (sort) params.set('sort', sort);
  return params;
}

export function hasAnyFilter(filters: Filters): boolean {
  return (
    filters.category !== null ||
    filters.subcategories.length > 0 ||
    filters.teams.length > 0 ||
    filters.players.length > 0 ||
    filters.min !== null ||
    filters.max !== null
  );
}
