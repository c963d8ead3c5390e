// Shipping fees the owner sets (issue 41): fees by zone (a group of states), a fee for every
// other state, and optionally free shipping above an amount of goods. The spec's table (Kerala
// ₹60, Tamil Nadu and Karnataka ₹85, others ₹100) is the default. The quote (quote.ts) reads
// them; a placed order keeps the fee it was quoted.
import { z } from 'zod';
import { INDIAN_STATES, isIndianState, type IndianState } from './rules.js';
import { formatRupees, paiseToRupees } from './money.js';

const feePaise = (what: string) =>
  z
    .number({ message: `${what}: a whole number of paise` })
    .int(`${what}: a whole number of paise`)
    .min(0, `${what} cannot be negative`)
    .max(1_000_000, `${what}: at most ₹10,000`);

export const ShippingZone = z.object({
  label: z.string().trim().min(1, 'Name the zone').max(40, 'zone name: at most 40 characters'),
  states: z
    .array(z.enum(INDIAN_STATES, { message: 'not an Indian state or Union Territory' }))
    .min(1, 'A zone needs at least one state'),
  fee_paise: feePaise('zone fee'),
});
export type ShippingZone = z.infer<typeof ShippingZone>;

export const ShippingRates = z
  .object({
    zones: z.array(ShippingZone).max(36, 'at most 36 zones'),
    /** Every state no zone names. */
    other_fee_paise: feePaise('fee for other states'),
    /** Goods worth this much or more (after the coupon) ship free; null: never free. */
    free_above_paise: feePaise('free shipping amount').min(100, 'free shipping from ₹1').nullable(),
  })
  .superRefine((rates, ctx) => {
    const seen = new Map<string, string>();
    rates.zones.forEach((zone, i) => {
      for (const state of zone.states) {
        const first = seen.get(state);
        if (first !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['zones', i, 'states'],
            message: `${state} is already in the zone ${first}`,
          });
        }
        seen.set(state, zone.label);
      }
    });
  });
export type ShippingRates = z.infer<typeof ShippingRates>;

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
