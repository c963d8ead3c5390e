// An address form's pincode, looked up as it is typed: it fills an empty city (and an empty
// state when the pincode is in one state only), says when the chosen state is not the
// pincode's, and gives checkout its delivery date.
import { pincodeStateProblem } from '@kitroom/contract';
import { useEffect } from 'react';
import type { AddressField, AddressValues } from '@/ui/address-form';
import { rememberPincode } from './pincode-memory';
import { useAddressEstimate, type AddressEstimateState } from './use-address-estimate';

export interface AddressPincode extends AddressEstimateState {
  /** Why the pincode cannot go with the chosen state, or null. */
  problem: string | null;
}

/**
 * `printed`: the order has printed lines, which leave 2 days later (decision 049). `amount`:
 * checkout's order amount before a COD fee, asked with the pincode so one response gives the date
 * and cash on delivery; `products`: its product ids, which a kit launch may keep COD off for.
 */
export function useAddressPincode(
  values: AddressValues,
  fill: (field: AddressField, value: string) => void,
  printed = false,
  amount: number | null = null,
  products?: string,
): AddressPincode {
  const pincode = values.pincode.trim();
  const looked = useAddressEstimate(pincode, printed, amount, products);
  const { estimate } = looked;

  useEffect(() => {
    if (!estimate || estimate.pincode !== pincode) return;
    rememberPincode(estimate.pincode);
    if (values.city.trim() === '') fill('city', estimate.city);
    if (values.state === '' && estimate.states.length === 1) fill('state', estimate.states[0]!);
    // Only a new response fills: a city the shopper clears afterwards stays cleared.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new response only
  }, [estimate]);

  // A failed lookup (offline) blocks nothing: the server checks the pincode again.
  const problem =
    looked.refused ??
    (estimate && values.state !== '' ? pincodeStateProblem(pincode, estimate, values.state) : null);
  return { ...looked, problem };
}
