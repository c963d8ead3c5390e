// A product in a grid or carousel: picture, short name, rating, prices (a wholesaler's own
// too), a low-stock flag; the whole card opens the product page and hands over what it
// already knows, so the page can paint at once.
import { formatRupees, type ProductSummary } from '@kitroom/contract';
import { Star } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from './router';
import { productPath } from './paths';
import { Price } from './price';
import { ProductImage } from './product-image';
import { cardName, kitLine, lowStockLine, percentOffLabel, ratingLabel } from './product-text';

export interface ProductLinkState {
  summary: ProductSummary;
}

/** A card's picture in a ProductGrid: 2, 3, then 4 or more columns. */
export const GRID_IMAGE_SIZES = '(min-width: 1024px) 25vw, (min-width: 640px) 34vw, 50vw';

interface ProductCardProps {
  product: ProductSummary;
  /** How the name is shortened; cards cut at 12 characters. */
  formatName?: (name: string) => string;
  showBadge?: boolean;
  /** Controls laid over the picture (the wishlist heart); kept outside the link. */
  corner?: ReactNode;
  imageFallback?: 'box' | 'initials';
  priority?: boolean;
  /** How wide the picture is drawn; a ProductGrid's cell by default. */
  imageSizes?: string;
  onOpen?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** A logged-in wholesaler's own price (rupees), fetched for the page's cards (decision 045). */
  wholesalePrice?: number | undefined;
}

export function ProductCard({
  product,
  formatName = cardName,
  showBadge = false,
  corner,
  imageFallback = 'box',
  priority = false,
  imageSizes = GRID_IMAGE_SIZES,
  onOpen,
  wholesalePrice,
}: ProductCardProps) {
  const badge = showBadge ? percentOffLabel(product.price, product.discount_price) : null;
  const state: ProductLinkState = { summary: product };
  const kit = kitLine(product.name, product.tag);
  const low = product.stock_quantity > 0 ? lowStockLine(product.size) : null;
  return (
    <article className="group relative flex h-full flex-col">
      <Link
        to={productPath(product.id)}
        state={state}
        onClick={onOpen}
        className="flex flex-1 flex-col rounded-xl"
      >
        <div className="relative overflow-hidden rounded-xl bg-paper">
          <ProductImage
            path={product.image_url}
            alt=""
            name={product.name}
            fallback={imageFallback}
            priority={priority}
            sizes={imageSizes}
            className="transition-transform duration-300 group-hover:scale-[1.03]"
          />
          {badge && (
            <span className="absolute top-2 left-2 rounded-full bg-volt px-2 py-0.5 text-xs font-bold text-ink">
              {badge}
            </span>
          )}
          {product.stock_quantity === 0 && (
            <span className="absolute bottom-2 left-2 rounded-full bg-ink px-2 py-0.5 text-xs font-semibold text-white">
              Sold out
            </span>
          )}
          {low && (
            <span className="absolute bottom-2 left-2 rounded-full bg-sale px-2 py-0.5 text-xs font-semibold text-white">
              {low}
            </span>
          )}
        </div>
        <h3 className="mt-2 text-sm font-semibold text-ink" title={product.name}>
          <span aria-hidden="true">{formatName(product.name)}</span>
          <span className="sr-only">{product.name}</span>
        </h3>
        {/* Kept when empty, so the prices of a row of cards stay level. */}
        <p className="min-h-4 truncate text-xs text-muted">{kit}</p>
        {/* Kept when empty too: a jersey nobody has reviewed shows no stars. */}
        <p className="flex min-h-4 items-center gap-1 text-xs text-muted">
          {product.review_count > 0 && (
            <>
              <Star aria-hidden="true" size={12} className="fill-volt text-ink" />
              <span aria-hidden="true">
                <span className="font-semibold text-ink">{product.product_rating.toFixed(1)}</span>{' '}
                ({product.review_count})
              </span>
              <span className="sr-only">
                {ratingLabel(product.product_rating, product.review_count)}
              </span>
            </>
          )}
        </p>
        <Price price={product.price} discountPrice={product.discount_price} />
        {wholesalePrice !== undefined && (
          <p className="text-xs font-semibold text-emerald-800">
            Wholesale price {formatRupees(wholesalePrice)}
          </p>
        )}
      </Link>
      {corner && <div className="absolute top-2 right-2">{corner}</div>}
    </article>
  );
}
