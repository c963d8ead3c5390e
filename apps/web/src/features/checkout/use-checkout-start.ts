// Checkout's one call on open (decision 071): the saved address, the account's name and phone,
// the saved pincode's date with cash on delivery for this order, a wholesaler's prices and the
// opt-ins arrive in one response, so the page renders once with all of it. Never cached: the
// prices are the shopper's own, and each opening is a visit a cart reminder counts from.
import type { CheckoutStartResponse } from '@kitroom/contract';
import { startCheckout } from '@/api/order-calls';
import { useApi, type ApiState } from '@/api/use-api';
import type { CheckoutLine } from '@/features/cart';
import { rememberEstimate } from '@/features/delivery';

/** The lines' product ids as delivery_estimate.php takes them ('12,40'). */
export const productIdsOf = (lines: readonly { product_id: number }[]) =>
  [...new Set(lines.map((l) => l.product_id))].join(',');

export function useCheckoutStart(
  userId: number | null,
  lines: readonly CheckoutLine[],
): ApiState<CheckoutStartResponse> {
  const sent = lines.map((l) => ({
    product_id: l.product_id,
    quantity: l.quantity,
    price: l.price,
    ...(l.print ? { print_price: l.print.price } : {}),
  }));
  const printed = lines.some((l) => l.print);
  return useApi(
    userId === null || sent.length === 0
      ? null
      : `checkout start ${userId} ${JSON.stringify(sent)}`,
    (signal) =>
      startCheckout({ user_id: userId ?? 0, lines: sent }, { signal }).then((start) => {
        // The saved pincode's estimate, kept before the page renders with it: asked no more.
        if (start.estimate) {
          rememberEstimate(start.estimate, printed, start.amount, productIdsOf(lines));
        }
        return start;
      }),
    { cache: false },
  );
}
