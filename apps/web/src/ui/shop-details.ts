// The shop's contact details (phone, email, address, hours) as the owner set them in the
// back office: inlined by the server into every page, kept for the visit.
import type { ShopDetailsResponse } from '@kitroom/contract';
import { getShopDetails, inlined } from '@/api/calls';
import { useApi } from '@/api/use-api';

export function useShopDetails(): ShopDetailsResponse | undefined {
  return useApi('shop details', (signal) => getShopDetails({ signal }), inlined.shopDetails()).data;
}
