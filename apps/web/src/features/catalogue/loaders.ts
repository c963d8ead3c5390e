// The catalogue pages' data, as their routes load it (app/routes.tsx): home's lists, one
// product, one category, and the window of all products the URL's filters and sort name.
import { sortOf, type ProductResponse } from '@kitroom/contract';
import type { LoaderFunctionArgs } from '@/ui/router';
import { callerOf, load, type Loaded } from '@/api/page-data';

/** The product id of a /product/:id path, or null for one no product can have. */
export function parseProductId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Home's lists, and the team and player profiles its featured cards show (useProfiles). */
export async function homeLoader({ context, request }: LoaderFunctionArgs) {
  const call = callerOf(context);
  const { signal } = request;
  const [home] = await Promise.all([
    load(call('home.php', undefined, { signal })),
    load(call('profiles.php', undefined, { signal })),
  ]);
  return home;
}

export async function productLoader({
  context,
  params,
  request,
}: LoaderFunctionArgs): Promise<Loaded<ProductResponse>> {
  // The page sends such an address home.
  const id = parseProductId(params.id);
  if (id === null) return {};
  return load(callerOf(context)('product.php', { product_id: id }, { signal: request.signal }));
}

/** One category's products, in the order the URL's `?sort=` names (unknown: the shop's own). */
export function categoryLoader({ context, params, request }: LoaderFunctionArgs) {
  const sort = sortOf(new URL(request.url).searchParams.get('sort'));
  const body = { category: [params.category ?? ''], ...(sort && { sort }) };
  return load(callerOf(context)('shop.php', body, { signal: request.signal }));
}

/**
 * The window of products the URL's filters and start name (filter-rules.ts, which comes with
 * the page's module rather than on every first load).
 */
export async function allProductsLoader({ context, request }: LoaderFunctionArgs) {
  const { readFilters, readSort, readStart, toListingRequest } = await import('./filter-rules');
  const params = new URL(request.url).searchParams;
  const body = toListingRequest(readFilters(params), readStart(params), readSort(params));
  return load(callerOf(context)('shop.php', body, { signal: request.signal }));
}
