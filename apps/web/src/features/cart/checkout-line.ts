// What the cart panel and Buy Now hand to /checkOut as navigation state (spec section 3),
// and the copy the panel keeps in the tab while a guest logs in or signs up first.
import type { CartItem, CartPrint, PrintInput } from '@kitroom/contract';

export interface CheckoutLine {
  product_id: number;
  /** The discount price, in rupees. */
  price: number;
  image_url: string;
  name: string;
  quantity: number;
  selectedSize: string;
  /** The line's print and its price per piece (rupees, on top of `price`); absent: none. */
  print?: CartPrint;
}

/**
 * A line's print as the calls take it (cart_manage, cart_merge, coupons, process_order): what
 * is printed, never its price — the server prices it. Spread into the call's line.
 */
export function printOfLine(print: CartPrint | null | undefined): { print?: PrintInput } {
  return print ? { print: { name: print.name, number: print.number, patch: print.patch } } : {};
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
    ...(item.print ? { print: item.print } : {}),
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
