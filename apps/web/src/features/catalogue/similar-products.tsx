// 'You May Also Like' under a product (spec section 4): similar jerseys, each with its wishlist
// heart. Opening one goes through the product page's own wait (onOpen).
import type { ProductSummary } from '@kitroom/contract';
import type { MouseEvent } from 'react';
import { WishlistHeart } from '@/features/wishlist';
import { ProductCard } from '@/ui/product-card';
import { ProductGrid } from '@/ui/product-grid';
import { similarName } from '@/ui/product-text';

export function SimilarProducts({
  products,
  onOpen,
}: {
  products: ProductSummary[];
  onOpen: (event: MouseEvent<HTMLAnchorElement>, product: ProductSummary) => void;
}) {
  return (
    <section aria-labelledby="similar-title" className="mt-14">
      <h2 id="similar-title" className="mb-5 font-display text-3xl font-extrabold uppercase">
        You May Also Like
      </h2>
      <ProductGrid>
        {products.map((p) => (
          <li key={p.id}>
            <ProductCard
              product={p}
              formatName={similarName}
              showBadge
              corner={<WishlistHeart product={p} />}
              onOpen={(e) => onOpen(e, p)}
            />
          </li>
        ))}
      </ProductGrid>
    </section>
  );
}
