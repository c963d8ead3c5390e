// The cart's public face for the app and other features (the panel is loaded on demand).
export {
  addItem,
  clearCart,
  loadCart,
  mergeGuestCartAtLogin,
  selectCartCount,
  selectCartItems,
  sameLine,
  useCartDispatch,
  useCartSelector,
  type CartRootState,
} from './cart-slice';
export {
  forgetKeptCheckout,
  keptCheckout,
  printOfLine,
  toCheckoutLine,
  type CheckoutLine,
  type CheckoutState,
} from './checkout-line';
export { CART_KEY, isCartPrint } from './cart-storage';
