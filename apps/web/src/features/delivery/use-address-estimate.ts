// An address form's pincode lookup. Checkout asks it with the order's amount, so one response
// gives the date, the city and states, and whether cash on delivery may pay that order; it is
// asked once per pincode and amount, and the saved pincode's came with the page's call
// (decision 071). Apart from the product page's box (use-delivery-estimate.ts), which stays
// lighter.
import { PINCODE_PATTERN, type DeliveryEstimateResponse } from '@kitroom/contract';
import { useState } from 'react';
import { ApiError, messageOf } from '@/api/client';
import { getDeliveryEstimate } from '@/api/shipping-calls';
import { keepApi, useApi } from '@/api/use-api';
import { ESTIMATE_FAILED, type DeliveryEstimateState } from './use-delivery-estimate';

export interface AddressEstimateState extends DeliveryEstimateState {
  /** The amount (rupees) the estimate's COD was judged for; null: the pincode alone. */
  amount: number | null;
}

interface Remembered {
  estimate: DeliveryEstimateResponse;
  amount: number | null;
}

const keyOf = (pincode: string, printed: boolean, amount: number | null, products = '') =>
  `address estimate ${pincode}${printed ? ' printed' : ''}${amount === null ? '' : ` ${amount}`} ${products}`;

/**
 * Keeps an estimate another call returned (checkout_start.php), so the page asks nothing for
 * that pincode, print and amount.
 */
export function rememberEstimate(
  estimate: DeliveryEstimateResponse,
  printed: boolean,
  amount: number | null,
  products?: string,
): void {
  keepApi(keyOf(estimate.pincode, printed, amount, products), {
    estimate,
    amount,
  } satisfies Remembered);
}

/**
 * `amount`: the order's amount in rupees before a COD fee (checkout), or null; `products`: the
 * order's product ids ('12,40'; a kit launch may keep COD off for them).
 */
export function useAddressEstimate(
  pincode: string,
  printed: boolean,
  amount: number | null,
  products?: string,
): AddressEstimateState {
  const complete = PINCODE_PATTERN.test(pincode) ? pincode : null;
  const state = useApi(
    complete && keyOf(complete, printed, amount, products),
    (signal): Promise<Remembered> =>
      getDeliveryEstimate(complete ?? '', { signal }, amount ?? undefined, printed, products).then(
        (estimate) => ({ estimate, amount }),
      ),
  );
  const refused =
    state.error instanceof ApiError && state.error.status === 400 ? state.error.message : null;
  // While a new amount is asked for the same pincode (or that call failed on the way), the
  // last response stays on screen: the date does not blink, and COD stays chosen until the new
  // response says otherwise.
  const [last, setLast] = useState(state.data);
  if (state.data !== undefined && state.data !== last) setLast(state.data);
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
