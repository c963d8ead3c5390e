import { describe, expect, it } from 'vitest';
import {
  clampMax,
  clampMin,
  hasNextPage,
  isSubCategoryDisabled,
  nextWindow,
  NO_FILTERS,
  previousWindow,
  priceBounds,
  readFilters,
  readSort,
  readStart,
  toggleCategory,
  toggleName,
  toListingRequest,
  writeFilters,
  type Filters,
} from './filter-rules';

const bounds = { min: 300, max: 2000 };

describe('facet selection', () => {
  it('selects one category at a time and clears sub-categories on every change', () => {
    const withSubs: Filters = { ...NO_FILTERS, category: 'Club Jerseys', subcategories: ['Home'] };
    expect(toggleCategory(withSubs, 'Retro')).toMatchObject({
      category: 'Retro',
      subcategories: [],
    });
    expect(toggleCategory(withSubs, 'Club Jerseys')).toMatchObject({
      category: null,
      subcategories: [],
    });
  });

  it('toggles sub-categories, teams and players in and out', () => {
    expect(toggleName(['Home'], 'Away')).toEqual(['Home', 'Away']);
    expect(toggleName(['Home', 'Away'], 'Home')).toEqual(['Away']);
  });

  it('disables sub-categories outside the selected category', () => {
    expect(isSubCategoryDisabled('Club Jerseys', NO_FILTERS)).toBe(false);
    const picked = { ...NO_FILTERS, category: 'Club Jerseys' };
    expect(isSubCategoryDisabled('Club Jerseys', picked)).toBe(false);
    expect(isSubCategoryDisabled('National Teams', picked)).toBe(true);
  });
});

describe('price range', () => {
  it('uses the facet bounds, or 0 to 1000 without them', () => {
    expect(priceBounds(299.5, 1999.2)).toEqual({ min: 299, max: 2000 });
    expect(priceBounds(undefined, undefined)).toEqual({ min: 0, max: 1000 });
    expect(priceBounds(0, 0)).toEqual({ min: 0, max: 1000 });
  });

  it('keeps the minimum at least 5 below the maximum', () => {
    expect(clampMin(1000, 1500, bounds)).toBe(1000);
    expect(clampMin(1498, 1500, bounds)).toBe(1495);
    expect(clampMin(10, 1500, bounds)).toBe(300);
    expect(clampMin(Number.NaN, 1500, bounds)).toBe(300);
  });

  it('keeps the maximum at least 5 above the minimum', () => {
    expect(clampMax(1500, 1000, bounds)).toBe(1500);
    expect(clampMax(1002, 1000, bounds)).toBe(1005);
    expect(clampMax(9000, 1000, bounds)).toBe(2000);
  });
});

describe('paging', () => {
  it('moves the window by 50 and never below 0', () => {
    expect(nextWindow(0)).toBe(50);
    expect(previousWindow(50)).toBe(0);
    expect(previousWindow(0)).toBe(0);
  });

  it('offers a next page only after a full page with more to come', () => {
    expect(hasNextPage(0, 50, 120)).toBe(true);
    expect(hasNextPage(100, 20, 120)).toBe(false);
    expect(hasNextPage(0, 50, 50)).toBe(false);
  });

  it('asks shop.php for the window and the chosen filters only', () => {
    expect(toListingRequest(NO_FILTERS, 0)).toEqual({ limit: '0-50' });
    expect(
      toListingRequest(
        {
          category: 'Club Jerseys',
          subcategories: ['Home'],
          teams: ['Liverpool'],
          players: [],
          min: 500,
          max: 1500,
        },
        50,
      ),
    ).toEqual({
      limit: '50-100',
      category: ['Club Jerseys'],
      subcategory: ['Home'],
      team: ['Liverpool'],
      price_range_minimum: 500,
      price_range_maximum: 1500,
    });
  });
});

describe('filters in the URL', () => {
  it('round-trips through the query string and resets the window on change', () => {
    const filters: Filters = {
      category: 'Club Jerseys',
      subcategories: ['Home', 'Away'],
      teams: ['FC Barcelona'],
      players: ['Lionel Messi'],
      min: 400,
      max: 900,
    };
    const params = writeFilters(filters, 100);
    expect(readFilters(params)).toEqual(filters);
    expect(readStart(params)).toBe(100);
    expect(readStart(writeFilters(filters))).toBe(0);
  });

  it('ignores nonsense in a hand-edited URL', () => {
    const params = new URLSearchParams('min=abc&max=-4&start=73&sort=cheapest');
    expect(readFilters(params)).toMatchObject({ min: null, max: null });
    expect(readStart(params)).toBe(50);
    expect(readSort(params)).toBeUndefined();
  });

  it('keeps a sort beside the filters, the shop’s own order left out', () => {
    const filters: Filters = { ...NO_FILTERS, teams: ['Liverpool'] };
    const params = writeFilters(filters, 50, 'price-desc');
    expect(params.toString()).toBe('team=Liverpool&start=50&sort=price-desc');
    expect(readSort(params)).toBe('price-desc');
    expect(writeFilters(filters, 0, undefined).toString()).toBe('team=Liverpool');
    expect(toListingRequest(filters, 50, 'newest')).toEqual({
      limit: '50-100',
      sort: 'newest',
      team: ['Liverpool'],
    });
  });
});
