// Shipping fees the owner sets (issue 41): fees by zone (a group of states), a fee for every
// other state, and optionally free shipping above an amount of goods. The spec's table (Kerala
// ₹60, Tamil Nadu and Karnataka ₹85, others ₹100) is the default. The quote (quote.ts) reads
// them; a placed order keeps the fee it was quoted.
import { z } from 'zod';
import { INDIAN_STATES, isIndianState, type IndianState } from './states.js';
import { formatRupees, paiseToRupees } from './money.js';

/** A zone: a name, its states and its fee. */
export interface ShippingZone {
  label: string;
  states: IndianState[];
  fee_paise: number;
}

/**
 * The shop's rates: zones, the fee for every other state, and free shipping from an amount of
 * goods (after the coupon; null: never free). The owner's edit is checked by the back office's
 * schema (admin/shipping-rates.ts); the storefront reads them from shop_details.php.
 */
export interface ShippingRates {
  zones: ShippingZone[];
  other_fee_paise: number;
  free_above_paise: number | null;
}

/** The storefront's reading of the rates in shop_details.php: their shape, no messages. */
export const ShippingRatesShape = z.object({
  zones: z.array(
    z.object({
      label: z.string(),
      states: z.array(z.enum(INDIAN_STATES)),
      fee_paise: z.number().int(),
    }),
  ),
  other_fee_paise: z.number().int(),
  free_above_paise: z.number().int().nullable(),
});

/** The spec's table: the shop's rates until the owner sets others. */
export const DEFAULT_SHIPPING_RATES: ShippingRates = {
  zones: [
    { label: 'Kerala', states: ['Kerala'], fee_paise: 6000 },
    { label: 'Tamil Nadu and Karnataka', states: ['Tamil Nadu', 'Karnataka'], fee_paise: 8500 },
  ],
  other_fee_paise: 10000,
  free_above_paise: null,
};

/** The fee to ship goods worth `goodsPaise` (after the coupon) to a state, before any free-shipping rule. */
function zoneFeePaise(rates: ShippingRates, state: IndianState): number {
  return rates.zones.find((z) => z.states.includes(state))?.fee_paise ?? rates.other_fee_paise;
}

/**
 * Shipping in paise to a state for goods worth `goodsPaise` after the coupon: the state's
 * zone's fee, or the fee for other states; nothing from the free-shipping amount on. Null
 * when no state is chosen yet.
 */
export function shippingFeePaise(
  rates: ShippingRates,
  state: string,
  goodsPaise: number,
): number | null {
  if (!isIndianState(state)) return null;
  if (rates.free_above_paise !== null && goodsPaise >= rates.free_above_paise) return 0;
  return zoneFeePaise(rates, state);
}

/** Shipping fee in rupees on the spec's table: Kerala 60, Tamil Nadu and Karnataka 85, others 100. */
export function shippingFeeRupees(state: IndianState): number {
  return zoneFeePaise(DEFAULT_SHIPPING_RATES, state) / 100;
}

/** 'Free shipping on orders of ₹1,999 or more.'; null when shipping is never free. */
export function freeShippingText(rates: ShippingRates): string | null {
  return rates.free_above_paise === null
    ? null
    : `Free shipping on orders of ${formatRupees(paiseToRupees(rates.free_above_paise))} or more.`;
}
