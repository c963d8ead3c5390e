// The heart laid over a product card, and beside the product page's name: a guest's is kept
// on this device, a logged-in shopper's by the shop (wishlist-store.ts).
import type { ProductSummary } from '@kitroom/contract';
import { Heart } from 'lucide-react';
import { useHeart } from './wishlist-store';

const LOOKS = {
  card: 'h-10 w-10 bg-white/90 shadow hover:bg-white',
  page: 'h-12 w-12 border-2 border-line bg-white hover:border-ink',
};

export function WishlistHeart({
  product,
  look = 'card',
}: {
  product: Pick<ProductSummary, 'id' | 'name'>;
  /** Over a card's picture, or on a page beside the product's name. */
  look?: keyof typeof LOOKS;
}) {
  const { on, toggle } = useHeart(product.id);
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={`Wishlist ${product.name}`}
      onClick={toggle}
      className={`flex shrink-0 items-center justify-center rounded-full ${LOOKS[look]}`}
    >
      <Heart
        aria-hidden="true"
        size={look === 'page' ? 24 : 20}
        className={on ? 'fill-sale text-sale' : 'text-ink'}
      />
    </button>
  );
}
