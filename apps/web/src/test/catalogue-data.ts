// A product as the catalogue's calls return it, for tests that render the storefront's pages.
import type { ProductSummary } from '@kitroom/contract';

export function productSummary(
  id: number,
  overrides: Partial<ProductSummary> = {},
): ProductSummary {
  return {
    id,
    name: `Kerala Blasters Home ${id}`,
    price: 1299,
    discount_price: 899,
    image_url: `images/products/${id}-front.webp`,
    stock_quantity: 5,
    size: { S: 2, M: 3, L: 0 },
    category_name: 'Club Jerseys',
    sub_category_name: null,
    team_name: 'Kerala Blasters',
    player_name: null,
    tag: 'home',
    product_rating: 4.2,
    review_count: 5,
    ...overrides,
  };
}
