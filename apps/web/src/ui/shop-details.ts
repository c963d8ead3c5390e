// The shop's contact details (phone, email, address, hours) as the owner set them in the
// back office: inlined by the server into every page, kept for the visit.
import type { ShopDetailsResponse } from '@kitroom/contract';
import type { LoaderFunctionArgs } from './router';
import { getShopDetails, inlined } from '@/api/calls';
import { callerOf, load } from '@/api/page-data';
import { callCacheKey, useApi } from '@/api/use-api';

export function useShopDetails(): ShopDetailsResponse | undefined {
  return useApi(
    callCacheKey('shop_details.php'),
    (signal) => getShopDetails({ signal }),
    inlined.shopDetails(),
  ).data;
}

/**
 * The root route's loader, on the server: every page's footer shows the shop's details, so
 * every page comes with them. In the browser the footer keeps them for the visit (useApi).
 */
export function shopDetailsLoader({ context, request }: LoaderFunctionArgs) {
  if (!import.meta.env.SSR) return null;
  return load(callerOf(context)('shop_details.php', undefined, { signal: request.signal }));
}
