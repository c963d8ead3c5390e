// The owner's edit of the shipping rates (Settings → Shipping, issue 41), checked with the
// messages the back office shows: fees in whole paise up to ₹10,000, every zone named with at
// least one state, no state in two zones. The storefront reads the rates' shape only
// (ShippingRatesShape), so these messages stay out of its bundle.
import { z } from 'zod';
import { INDIAN_STATES } from '../states.js';
import type { ShippingRates as Rates } from '../shipping-rates.js';

const feePaise = (what: string) =>
  z
    .number({ message: `${what}: enter an amount in rupees` })
    .int(`${what}: a whole number of paise`)
    .min(0, `${what} cannot be negative`)
    .max(1_000_000, `${what}: at most ₹10,000`);

export const ShippingZoneInput = z.object({
  label: z.string().trim().min(1, 'Name the zone').max(40, 'zone name: at most 40 characters'),
  states: z
    .array(z.enum(INDIAN_STATES, { message: 'not an Indian state or Union Territory' }))
    .min(1, 'A zone needs at least one state'),
  fee_paise: feePaise('zone fee'),
});

export const ShippingRates = z
  .object({
    zones: z.array(ShippingZoneInput).max(36, 'at most 36 zones'),
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
// What it checks is the storefront's ShippingRates.
export type ShippingRatesInput = z.infer<typeof ShippingRates> & Rates;
