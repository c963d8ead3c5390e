// checkout_start.php (decision 071): what the checkout page shows on open, in one response —
// the saved address and the account's name and phone, the saved pincode's delivery date with
// cash on delivery judged for the order's amount, a wholesaler's own prices, the WhatsApp
// choice and the cart-reminder question — and the visit a cart reminder counts from. That
// visit is the recovery domain's, which stands above orders: app.ts hands it in.
import {
  paiseToRupees,
  quoteOrder,
  rupeesToPaise,
  type CheckoutStartRequest,
  type CheckoutStartResponse,
  type DeliveryEstimateResponse,
} from '@kitroom/contract';
import type { z } from 'zod';
import * as accounts from '../accounts/index.js';
import type { Queryable } from '../db/index.js';
import { Invalid } from '../domain-errors.js';
import { choiceOf } from '../notifications/index.js';
import { getSettings } from '../settings/index.js';
import * as wholesale from '../wholesale/index.js';
import { deliveryEstimate } from '../fulfilment/index.js';

type CheckoutStartLine = z.output<typeof CheckoutStartRequest>['lines'][number];

/** Records that the shopper reached checkout; returns the consent question, if asked. */
export type CheckoutVisit = (
  db: Queryable,
  userId: number,
) => Promise<{ ask_consent: string | null }>;

export interface CheckoutStartDeps {
  /** Whether the shop sends WhatsApp updates (configured). */
  whatsappAvailable: boolean;
  recordVisit: CheckoutVisit;
}

/** Everything checkout shows on open for these lines, and the visit recorded. */
export async function checkoutStart(
  db: Queryable,
  deps: CheckoutStartDeps,
  userId: number,
  lines: readonly CheckoutStartLine[],
  now = new Date(),
): Promise<CheckoutStartResponse> {
  // The page asks wholesale prices for its products at its pieces (useWholesalePrices).
  const productIds = [...new Set(lines.map((l) => l.product_id))].sort((a, b) => a - b);
  const pieces = lines.reduce((n, l) => n + l.quantity, 0);
  const [account, prices, whatsapp, visit, settings] = await Promise.all([
    accounts.profile(db, userId),
    wholesale.pricesFor(db, userId, productIds, pieces),
    choiceOf(db, userId, deps.whatsappAvailable),
    deps.recordVisit(db, userId),
    getSettings(db),
  ]);
  const address = account.shipping_address;
  const printed = lines.some((l) => l.print_price !== undefined);
  let amount: number | null = null;
  let estimate: DeliveryEstimateResponse | null = null;
  if (address) {
    // The amount the page shows before a COD fee: its lines at the wholesaler's prices, and
    // shipping to the saved state at the shop's rates (checkout-rules' checkoutQuote).
    const unit = new Map(prices.wholesale ? prices.prices.map((p) => [p.product_id, p.price]) : []);
    const quote = quoteOrder({
      lines: lines.map((l) => ({
        productId: l.product_id,
        categoryId: null,
        description: '',
        quantity: l.quantity,
        shirtPaise: rupeesToPaise(unit.get(l.product_id) ?? l.price),
        printPaise: rupeesToPaise(l.print_price ?? 0),
      })),
      state: address.state,
      rates: settings.shipping_rates,
      coupon: null,
      codFeePaise: 0,
      at: now,
    });
    // A printed order is never COD (decision 049): no amount to judge, as the page asks.
    amount = quote.shippingPaise === null || printed ? null : paiseToRupees(quote.totalPaise);
    try {
      estimate = await deliveryEstimate(db, address.pincode, now, {
        userId,
        totalPaise: amount === null ? null : rupeesToPaise(amount),
        printed,
        productIds,
      });
    } catch (error) {
      // A saved pincode no longer promised: the page asks delivery_estimate.php, which says why.
      if (!(error instanceof Invalid)) throw error;
    }
  }
  return {
    address,
    account: { name: account.name, phone_number: account.phone_number },
    estimate,
    amount: estimate ? amount : null,
    wholesale: prices,
    whatsapp,
    ask_consent: visit.ask_consent,
  };
}
