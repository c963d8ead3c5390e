// What the cart panel and Buy Now hand to /checkOut as navigation state (spec section 3),
// and the copy the panel keeps in the tab while a guest logs in or signs up first.
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

/** sessionStorage key of the lines a guest ticked before Login & Continue. */
const KEPT_KEY = 'checkoutAfterLogin';

/**
 * Keeps the ticked lines for the checkout after the login. The login page hands them on as
 * navigation state; this copy in the tab is for the way through Sign Up (a new page, whose
 * link carries the redirect but not the state).
 */
export function keepCheckoutForLogin(state: CheckoutState): void {
  try {
    sessionStorage.setItem(KEPT_KEY, JSON.stringify(state));
  } catch {
    // Storage full or refused: the navigation state still carries the lines.
  }
}

/** The kept checkout state as stored (the checkout checks its lines), or null. */
export function keptCheckout(): unknown {
  try {
    const raw = sessionStorage.getItem(KEPT_KEY);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** Forgets the kept lines once checkout has taken them. */
export function forgetKeptCheckout(): void {
  try {
    sessionStorage.removeItem(KEPT_KEY);
  } catch {
    // Nothing kept.
  }
}
