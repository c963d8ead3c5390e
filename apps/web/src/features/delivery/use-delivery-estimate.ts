// The delivery estimate for a complete pincode (six digits), kept for the visit; nothing is
// asked for a partial one.
import { PINCODE_PATTERN, type DeliveryEstimateResponse } from '@kitroom/contract';
import { ApiError, messageOf } from '@/api/client';
import { getDeliveryEstimate } from '@/api/shipping-calls';
import { useApi } from '@/api/use-api';

export interface DeliveryEstimateState {
  estimate: DeliveryEstimateResponse | undefined;
  /** The server's sentence ('Pincode 999999 is not an Indian pincode. Please check it.'). */
  refused: string | null;
  /** Any failure's sentence, a refusal's or a network failure's. */
  error: string | null;
  loading: boolean;
}

export const ESTIMATE_FAILED = 'We could not check this pincode just now. Please try again.';

/**
 * `printed`: the promise for a printed shirt or order (decision 049), which leaves later;
 * `products`: ids a kit launch may keep cash on delivery off for.
 */
export function useDeliveryEstimate(
  pincode: string,
  printed = false,
  products?: string,
): DeliveryEstimateState {
  const complete = PINCODE_PATTERN.test(pincode) ? pincode : null;
  const state = useApi(
    complete && `delivery estimate ${complete}${printed ? ' printed' : ''} ${products ?? ''}`,
    (signal) => getDeliveryEstimate(complete ?? '', { signal }, undefined, printed, products),
  );
  const refused =
    state.error instanceof ApiError && state.error.status === 400 ? state.error.message : null;
  return {
    estimate: state.data,
    refused,
    error: state.error === undefined ? null : messageOf(state.error, ESTIMATE_FAILED),
    loading: state.loading,
  };
}
