// Rules of the product page (spec sections 4, 5, 9).
import {
  SIMILAR_PRODUCTS_LIMIT,
  type Product,
  type ProductDetail,
  type ProductSummary,
} from '@kitroom/contract';

/** The gallery order: image1, image2, then image_url; missing and repeated ones left out. */
export function galleryImages(
  product: Pick<Product, 'image_url'> & Partial<Pick<Product, 'image1' | 'image2'>>,
): string[] {
  const all = [product.image1, product.image2, product.image_url].filter(
    (p): p is string => typeof p === 'string' && p.trim() !== '',
  );
  return [...new Set(all)];
}

/** 'You May Also Like': the similar lists merged, in stock, each product once, at most 10. */
export function youMayAlsoLike(detail: ProductDetail): ProductSummary[] {
  const seen = new Set<number>([detail.product.id]);
  const out: ProductSummary[] = [];
  for (const list of [detail.similar_by_category, detail.similar_by_tag, detail.similar_by_price]) {
    for (const p of list) {
      if (seen.has(p.id) || p.stock_quantity <= 0) continue;
      seen.add(p.id);
      out.push(p);
    }
  }
  return out.slice(0, SIMILAR_PRODUCTS_LIMIT);
}

/** The most of one size a shopper may pick: that size's stock, or the product's. */
export function maxQuantity(
  product: Pick<ProductSummary, 'size' | 'stock_quantity'>,
  size: string,
): number {
  if (size === '') return Math.max(1, product.stock_quantity);
  return Math.max(1, product.size[size] ?? 0);
}

/** The details text, cut at `limit` characters unless expanded. */
export function detailsText(text: string, expanded: boolean, limit: number): string {
  return expanded || text.length <= limit ? text : `${text.slice(0, limit)}...`;
}

/** What Add to Cart did, said plainly. */
export interface AddOutcome {
  text: string;
  /** false when nothing was added: the size's whole stock is already in the cart. */
  added: boolean;
}

/**
 * The outcome of adding `wanted` of a size to a cart holding `inCart` of it: a line never
 * goes above the size's stock, so part or all of the request may not fit.
 */
export function addOutcome(
  size: string,
  stock: number,
  inCart: number,
  wanted: number,
): AddOutcome {
  const added = Math.max(0, Math.min(inCart + wanted, stock) - inCart);
  if (added === 0) {
    return { added: false, text: `Only ${stock} left in ${size} — your cart has them all.` };
  }
  if (added < wanted) {
    return {
      added: true,
      text: `Added ${added} to your cart — only ${stock} left in ${size}, your cart has them all.`,
    };
  }
  return { added: true, text: 'Added to your cart.' };
}

/** Add to Cart or Buy Now with a print typed before the printing section's code came. */
export const PRINT_LOADING =
  'Your name and number are still loading. Please check your connection and tap again.';
