// What the cart panel and Buy Now hand to /checkOut as navigation state (spec section 3).
import type { CartItem } from '@kitroom/contract';

export interface CheckoutLine {
  product_id: number;
  /** The discount price, in rupees. */
  price: number;
  image_url: string;
  name: string;
  quantity: number;
  selectedSize: string;
}

/** The navigation state of /checkOut. */
export interface CheckoutState {
  items: CheckoutLine[];
}

export function toCheckoutLine(item: CartItem): CheckoutLine {
  return {
    product_id: item.id,
    price: item.discount_price,
    image_url: item.image_url,
    name: item.name,
    quantity: item.selected_quantity,
    selectedSize: item.selected_size,
  };
}
