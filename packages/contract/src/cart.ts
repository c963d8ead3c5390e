// Cart calls: cart.php, cart_manage.php, and cart_merge.php (ours: a guest's local cart
// merged into the server cart at login).
import { z } from 'zod';
import { Id, Rupees } from './common.js';
import { PrintInput } from './printing.js';

/** A line's print as the cart shows it: what is printed and its price per piece. */
export const CartPrint = z.object({
  name: z.string(),
  number: z.number().int().nullable(),
  patch: z.boolean(),
  /** Per piece, rupees: the server's price, added to the shirt's. */
  price: Rupees,
});
export type CartPrint = z.infer<typeof CartPrint>;

/** A cart line; a line is identified by (product id, size, print). */
export const CartItem = z.object({
  /** The product id (the line's product). */
  id: z.number().int(),
  /** The product id again, as the spec's cart item names it. */
  selected_product_id: z.number().int(),
  image_url: z.string(),
  name: z.string(),
  price: Rupees,
  discount_price: Rupees,
  selected_quantity: z.number().int().min(1),
  selected_size: z.string(),
  /** Stock of the selected size: the most this line may hold. */
  stock_quantity: z.number().int().nonnegative(),
  /** Ours: the name and number printed on this line's shirts; absent or null: none. */
  print: CartPrint.nullish(),
});
export type CartItem = z.infer<typeof CartItem>;

export const CartRequest = z.object({ user_id: Id });
export type CartRequest = z.input<typeof CartRequest>;

export const CartResponse = z.object({ cart_items: z.array(CartItem) });
export type CartResponse = z.infer<typeof CartResponse>;

const Size = z.string().trim().min(1, 'size is required').max(12, 'size is not valid');
const Quantity = z
  .number({ error: 'quantity must be a whole number' })
  .int('quantity must be a whole number')
  .min(1, 'quantity must be at least 1')
  .max(1000, 'quantity is too large');

/** add: quantity more of (product, size, print); reduce: quantity fewer (0 removes the line); clear. */
export const CartManageRequest = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('add'),
    user_id: Id,
    product_id: Id,
    size: Size,
    quantity: Quantity,
    /** Ours: the line's print (decision 049); absent: the plain shirt's line. */
    print: PrintInput.optional(),
  }),
  z.object({
    action: z.literal('reduce'),
    user_id: Id,
    product_id: Id,
    size: Size,
    quantity: Quantity,
    /** Ours: the line's print (decision 049); absent: the plain shirt's line. */
    print: PrintInput.optional(),
  }),
  z.object({ action: z.literal('clear'), user_id: Id }),
]);
export type CartManageRequest = z.input<typeof CartManageRequest>;

/** The server cart after the change. */
export const CartManageResponse = CartResponse;
export type CartManageResponse = CartResponse;

export const CartLineInput = z.object({
  product_id: Id,
  size: Size,
  quantity: Quantity,
  print: PrintInput.optional(),
});
export type CartLineInput = z.input<typeof CartLineInput>;

/**
 * POST /api/cart_merge.php — sent once at login with the guest's local lines: quantities add
 * up with the server cart, capped at each size's stock; unknown or sold-out lines are dropped.
 */
export const CartMergeRequest = z.object({
  user_id: Id,
  items: z.array(CartLineInput).max(100, 'a cart holds at most 100 lines'),
});
export type CartMergeRequest = z.input<typeof CartMergeRequest>;

export const CartMergeResponse = CartResponse;
export type CartMergeResponse = CartResponse;
