// Delivery calls: delivery_estimate.php (ours; the spec has no call for it, decision 030).
import { z } from 'zod';
import { CodOption } from './cod.js';
import { Rupees } from './common.js';
import { PINCODE_PATTERN } from './rules.js';
import { isIndianState } from './states.js';

// ── GET /api/delivery_estimate.php?pincode=673001 ──

export const DeliveryEstimateQuery = z.object({
  pincode: z
    .string({ error: 'pincode is required' })
    .trim()
    .regex(PINCODE_PATTERN, 'pincode must be exactly 6 digits'),
  /**
   * The order's total in rupees before a COD fee (checkout sends it); without it, COD is
   * judged for the pincode alone, as on the product page.
   */
  amount: z.coerce.number({ error: 'amount must be rupees' }).pipe(Rupees).optional(),
  /**
   * Ours (decision 049): '1' when the shirt or the order is printed with a name or number: it
   * leaves PRINT_EXTRA_DISPATCH_DAYS later, and cash on delivery cannot pay it.
   */
  printed: z.literal('1', { error: "printed must be '1' or absent" }).optional(),
  /**
   * Ours (decision 070): the ids of the products the shopper is buying ('12,40'), comma
   * separated: a kit launch may keep cash on delivery off for them.
   */
  products: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, 'products must be product ids separated by commas')
    .transform((ids) => ids.split(',').map(Number))
    .optional(),
});
export type DeliveryEstimateQuery = z.input<typeof DeliveryEstimateQuery>;

/**
 * Where a pincode is and when an order paid now would arrive there. An unknown pincode, or
 * one where the shop does not deliver, is refused with 400 {error}.
 */
export const DeliveryEstimateResponse = z.object({
  pincode: z.string(),
  /** The city a form fills in when its city is empty. */
  city: z.string(),
  /** The state or territory the pincode is in. */
  state: z.string(),
  /** The selectable states an address with this pincode may name. */
  states: z.array(z.string()),
  /** YYYY-MM-DD, the Indian day it arrives by. */
  date: z.string(),
  /** 'Delivery by Thu, 3 Dec'. */
  text: z.string(),
  /** Cash on delivery there (for the shopper asking, and the amount when given). */
  cod: CodOption,
});
export type DeliveryEstimateResponse = z.infer<typeof DeliveryEstimateResponse>;

/** What a pincode lookup says of where a pincode is. */
export interface PincodePlace {
  /** The state or territory most of its post offices are in. */
  state: string;
  /** The selectable states an address with it may name (none for an island territory). */
  states: readonly string[];
}

/**
 * Why an address's pincode cannot go with its chosen state, or null when it can: the same
 * sentence in the form and from the server ('Pincode 110001 is in Delhi, not Kerala.').
 */
export function pincodeStateProblem(
  pincode: string,
  found: PincodePlace | null,
  chosen: string,
): string | null {
  if (!found) return `Pincode ${pincode} is not an Indian pincode. Please check it.`;
  if (found.states.includes(chosen)) return null;
  if (found.states.length === 0) {
    return `Pincode ${pincode} is in ${found.state}, where we do not deliver yet.`;
  }
  const instead = isIndianState(found.state)
    ? ''
    : ` For ${found.state}, please choose ${found.states.join(' or ')}.`;
  return `Pincode ${pincode} is in ${found.state}, not ${chosen}.${instead}`;
}
