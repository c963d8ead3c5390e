// delivery_estimate.php's response: where a pincode is and when an order paid now arrives there
// (shipping's delivery promise), and whether cash on delivery may pay it (the order's rule,
// cod.service.ts).
import {
  launchNoCodText,
  pincodeStateProblem,
  type DeliveryEstimateResponse,
} from '@kitroom/contract';
import type { Queryable } from '../db/index.js';
import { Invalid } from '../domain-errors.js';
import { lookupPincode } from '../pincodes/index.js';
import { deliveryText, promisedDate } from '../shipping/index.js';
import { codClosedBy } from '../launches/index.js';
import { codOption } from '../orders/index.js';

/**
 * delivery_estimate.php: where a pincode is, when an order paid now arrives there, and
 * whether cash on delivery may pay it (for the shopper asking and the order's amount, when
 * known).
 */
export async function deliveryEstimate(
  db: Queryable,
  pincode: string,
  now = new Date(),
  ask: {
    userId: number | null;
    totalPaise: number | null;
    printed?: boolean;
    /** The order's products: a kit launch may keep cash on delivery off for them. */
    productIds?: readonly number[];
  } = {
    userId: null,
    totalPaise: null,
  },
): Promise<DeliveryEstimateResponse> {
  const found = await lookupPincode(pincode);
  // Unknown, or on the islands: no state would do.
  if (!found || found.states.length === 0) {
    throw new Invalid(pincodeStateProblem(pincode, found, '') ?? '');
  }
  const printed = ask.printed ?? false;
  const date = await promisedDate(db, found, now, printed);
  const [cod, launch] = await Promise.all([
    codOption(db, {
      pincode,
      userId: ask.userId,
      totalPaise: ask.totalPaise,
      personalised: printed,
    }),
    codClosedBy(db, ask.productIds ?? [], now),
  ]);
  return {
    ...found,
    date,
    text: deliveryText(date),
    cod:
      launch === null || !cod.available
        ? cod
        : { ...cod, available: false, reason: launchNoCodText(launch) },
  };
}
