// "Wholesale price" under a product's retail price, for a logged-in wholesaler only: the
// unit price for an order of the cart's pieces and `quantity` more, the tier it is on and
// what the next tier needs. Renders nothing for everyone else, so the shared page is the same
// for all.
import { formatRupees } from '@kitroom/contract';
import { tierText, useCartPiecesIfLoggedIn, useWholesalePrices } from './use-wholesale-prices';

export function WholesalePrice({ productId, quantity }: { productId: number; quantity: number }) {
  const prices = useWholesalePrices([productId], useCartPiecesIfLoggedIn() + quantity);
  const price = prices?.prices.find((p) => p.product_id === productId)?.price;
  if (!prices || price === undefined) return null;
  return (
    <div data-testid="wholesale-price" className="mt-1 text-sm">
      <p className="font-semibold text-emerald-800">Wholesale price {formatRupees(price)}</p>
      <p className="text-muted">{tierText(prices)}</p>
    </div>
  );
}
