// The delivery estimate for a complete pincode (six digits), kept for the visit; nothing is
// asked for a partial one. Checkout asks it with the order's amount, so the one answer also
// says whether cash on delivery may pay that order (decision 071).
import { PINCODE_PATTERN, type DeliveryEstimateResponse } from '@kitroom/contract';
import { useState } from 'react';
import { ApiError, messageOf } from '@/api/client';
import { getDeliveryEstimate } from '@/api/shipping-calls';
import { keepApi, useApi } from '@/api/use-api';

export interface DeliveryEstimateState {
  estimate: DeliveryEstimateResponse | undefined;
  /** The amount (rupees) the estimate's COD was judged for; null: the pincode alone. */
  amount: number | null;
  /** The server's sentence ('Pincode 999999 is not an Indian pincode. Please check it.'). */
  refused: string | null;
  /** Any failure's sentence, a refusal's or a network failure's. */
  error: string | null;
  loading: boolean;
}

export const ESTIMATE_FAILED = 'We could not check this pincode just now. Please try again.';

const estimateKey = (pincode: string, printed: boolean, amount: number | null) =>
  `delivery estimate ${pincode}${printed ? ' printed' : ''}${amount === null ? '' : ` ${amount}`}`;

/**
 * Keeps an estimate another call answered (checkout_start.php), so the page asks nothing for
 * that pincode, print and amount.
 */
export function rememberEstimate(
  estimate: DeliveryEstimateResponse,
  printed: boolean,
  amount: number | null,
): void {
  keepApi(estimateKey(estimate.pincode, printed, amount), { estimate, amount });
}

/**
 * `printed`: the promise for a printed shirt or order (decision 049), which leaves later.
 * `amount`: the order's amount in rupees before a COD fee, which COD is judged for (checkout).
 */
export function useDeliveryEstimate(
  pincode: string,
  printed = false,
  amount: number | null = null,
): DeliveryEstimateState {
  const complete = PINCODE_PATTERN.test(pincode) ? pincode : null;
  const state = useApi(complete && estimateKey(complete, printed, amount), (signal) =>
    getDeliveryEstimate(complete ?? '', { signal }, amount ?? undefined, printed).then(
      (estimate) => ({ estimate, amount }),
    ),
  );
  // While a new amount is asked for the same pincode (or that call failed on the way), the
  // last answer stays on screen: the date does not blink, and COD stays chosen until the new
  // answer says otherwise.
  const [last, setLast] = useState(state.data);
  if (state.data !== undefined && state.data !== last) setLast(state.data);
  const refused =
    state.error instanceof ApiError && state.error.status === 400 ? state.error.message : null;
  const shown =
    state.data ??
    (complete !== null && last?.estimate.pincode === complete && refused === null
      ? last
      : undefined);
  return {
    estimate: shown?.estimate,
    amount: shown?.amount ?? null,
    refused,
    error: state.error === undefined ? null : messageOf(state.error, ESTIMATE_FAILED),
    loading: state.loading,
  };
}
