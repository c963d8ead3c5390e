// The local copy of the cart: localStorage `cart`, a JSON array of cart lines (a printed line
// keeps its print and the print's price per piece when it was added, decision 049).
import type { CartItem } from '@kitroom/contract';

export const CART_KEY = 'cart';

/** A line's print as the cart keeps it: what is printed and its price per piece. */
export function isCartPrint(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.name === 'string' &&
    (p.number === null || Number.isInteger(p.number)) &&
    typeof p.patch === 'boolean' &&
    typeof p.price === 'number'
  );
}

function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    (v.print === undefined || v.print === null || isCartPrint(v.print)) &&
    typeof v.id === 'number' &&
    typeof v.name === 'string' &&
    typeof v.image_url === 'string' &&
    typeof v.price === 'number' &&
    typeof v.discount_price === 'number' &&
    typeof v.selected_quantity === 'number' &&
    typeof v.selected_size === 'string' &&
    typeof v.stock_quantity === 'number'
  );
}

/** The stored lines; damaged or foreign entries are dropped rather than trusted. */
export function readLocalCart(): CartItem[] {
  try {
    const raw = localStorage.getItem(CART_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(isCartItem)
      .map((item) => ({ ...item, selected_product_id: item.selected_product_id ?? item.id }));
  } catch {
    return [];
  }
}

export function writeLocalCart(items: readonly CartItem[]): void {
  try {
    localStorage.setItem(CART_KEY, JSON.stringify(items));
  } catch {
    // Private mode or a full quota: the cart still works for this visit.
  }
}
