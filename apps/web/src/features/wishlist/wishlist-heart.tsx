// The heart laid over a product card: a guest's is kept on this device, a logged-in
// shopper's by the shop (wishlist-store.ts).
import type { ProductSummary } from '@kitroom/contract';
import { Heart } from 'lucide-react';
import { useHeart } from './wishlist-store';

export function WishlistHeart({ product }: { product: ProductSummary }) {
  const { on, toggle } = useHeart(product.id);
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={`Wishlist ${product.name}`}
      onClick={toggle}
      className="flex h-10 w-10 items-center justify-center rounded-full bg-white/90 shadow hover:bg-white"
    >
      <Heart aria-hidden="true" size={20} className={on ? 'fill-sale text-sale' : 'text-ink'} />
    </button>
  );
}
