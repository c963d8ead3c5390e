// The sorts of listings and search (decision 063), in a module of their own: the storefront's
// first load reads them without the catalogue's schemas.
/**
 * The orders a shopper may sort a listing or a search in. Leaving `sort` out keeps the shop's
 * own order (listings: in stock first, then by id; search: best match first), so addresses
 * and cached responses from before sorting stay the same. Every sort puts sold-out jerseys
 * last and breaks ties by id, so pages never repeat or skip a product.
 */
export const SORTS = ['newest', 'price-asc', 'price-desc', 'popular', 'rating'] as const;
export type ListingSort = (typeof SORTS)[number];

/** The sort control's texts: its label, each sort's name and the shop's own order's. */
export const SORT_TEXTS = {
  label: 'Sort by',
  /** The listings' own order (in stock first, then by id). */
  listingDefault: 'Featured',
  /** Search's own order. */
  searchDefault: 'Best match',
  sorts: {
    newest: 'Newest',
    'price-asc': 'Price: low to high',
    'price-desc': 'Price: high to low',
    popular: 'Popular',
    rating: 'Top rated',
  } satisfies Record<ListingSort, string>,
} as const;

/** The sort a page address names (`?sort=`): one of SORTS, else undefined (the shop's order). */
export function sortOf(value: string | null | undefined): ListingSort | undefined {
  return SORTS.find((s) => s === value);
}
