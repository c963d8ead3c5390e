// A logged-in wholesaler's own prices (decision 045), asked after the page shows: pages and
// catalogue responses are shared by every visitor and stay retail, so a wholesale price never
// comes from them. Never cached: a price list may change, and the response is the shopper's.
//
// "After the page shows" needs no hydration flag: while the browser hydrates, the session
// and the cart read as the server's (nobody logged in, no cart), so a shopper's user id
// arrives in the render after. A guest's page then renders nothing again: a flag that
// flipped after hydration re-rendered every page of cards in one task (decision 054).
import type { WholesalePricesResponse } from '@kitroom/contract';
import { useEffect, useMemo } from 'react';
import { useApi } from '@/api/use-api';
import { selectUserId, useSessionSelector } from '@/features/accounts';
import { selectCartCount, useCartSelector } from '@/features/cart';

export type WholesalePrices = Extract<WholesalePricesResponse, { wholesale: true }>;

/**
 * Shoppers this visit has learned are not wholesalers. Their response does not depend on the
 * products or the pieces, so they are asked once per visit, not on every product page and
 * every tap of the quantity stepper (most logged-in shoppers buy at retail).
 */
const retailShoppers = new Set<number>();

/** The prices at `pieces` pieces, or undefined for retail shoppers (and until they arrive). */
export function useWholesalePrices(
  productIds: readonly number[],
  pieces: number,
): WholesalePrices | undefined {
  const userId = useSessionSelector(selectUserId);
  const ids = [...new Set(productIds)].sort((a, b) => a - b).slice(0, 100);
  const count = Math.max(1, pieces);
  const key =
    userId !== null && ids.length > 0 && !retailShoppers.has(userId)
      ? `wholesale prices ${userId} ${count} ${ids.join(',')}`
      : null;
  const prices = useApi(
    key,
    // Only a logged-in shopper asks: a guest's page does not load the wholesale calls.
    async (signal) =>
      (await import('@/api/wholesale-calls')).getWholesalePrices(
        { user_id: userId ?? 0, product_ids: ids, pieces: count },
        { signal },
      ),
    { cache: false },
  );
  const retail = prices.data?.wholesale === false;
  useEffect(() => {
    if (retail && userId !== null) retailShoppers.add(userId);
  }, [retail, userId]);
  return prices.data?.wholesale ? prices.data : undefined;
}

const NO_PRICES: ReadonlyMap<number, number> = new Map();

/**
 * The pieces in the cart, for a logged-in shopper's tier; 0 for a guest, who makes no call:
 * a guest's page does not render again when the cart's count changes (or arrives from this
 * browser's storage after hydration).
 */
export function useCartPiecesIfLoggedIn(): number {
  const userId = useSessionSelector(selectUserId);
  return useCartSelector((state) => (userId === null ? 0 : selectCartCount(state)));
}

/**
 * A page of product cards' wholesale prices (rupees by product id) in one call, at the tier one
 * more piece would put the shopper's cart on; empty for guests and retail shoppers, who make
 * no call (a retail shopper's once-per-visit response is remembered above).
 */
export function useCardWholesalePrices(productIds: readonly number[]): ReadonlyMap<number, number> {
  const prices = useWholesalePrices(productIds, useCartPiecesIfLoggedIn() + 1);
  return useMemo(
    () => (prices ? new Map(prices.prices.map((p) => [p.product_id, p.price])) : NO_PRICES),
    [prices],
  );
}

/** Each line at the wholesaler's unit price (rupees), as checkout charges it. */
export function atWholesalePrices<L extends { product_id: number; price: number }>(
  lines: readonly L[],
  prices: WholesalePrices | undefined,
): L[] {
  if (!prices) return [...lines];
  const unit = new Map(prices.prices.map((p) => [p.product_id, p.price]));
  return lines.map((l) => ({ ...l, price: unit.get(l.product_id) ?? l.price }));
}

/** 'Tier 10+ pieces: 25% off' and what the next tier needs. */
export function tierText(prices: WholesalePrices): string {
  const on = prices.tier
    ? `Tier ${prices.tier.min_pieces}+ pieces: ${prices.tier.percent_off}% off.`
    : 'No quantity tier yet.';
  const next = prices.next_tier
    ? ` Add ${prices.next_tier.pieces_needed} more ${prices.next_tier.pieces_needed === 1 ? 'piece' : 'pieces'} for ${prices.next_tier.percent_off}% off.`
    : '';
  return on + next;
}
