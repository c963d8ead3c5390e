// The cart side panel (spec sections 2, 4, 5): lines with checkboxes, quantity buttons,
// Remove, Clear Cart and CheckOut with its two modals.
import { formatRupees, printedText, printLabel } from '@kitroom/contract';
import { Minus, Plus, ShoppingBag, X } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from '@/ui/router';
import { selectUserId, useSessionSelector } from '@/features/accounts';
import { tierText, useWholesalePrices } from '@/features/wholesale';
import { buttonClass } from '@/ui/button-class';
import { Dialog } from '@/ui/dialog';
import { Loader } from '@/ui/loader';
import { Overlay } from '@/ui/overlay';
import { loginPath } from '@/ui/paths';
import { ProductImage } from '@/ui/product-image';
import { cartLineName } from '@/ui/product-text';
import {
  clearCart,
  decreaseQuantity,
  increaseQuantity,
  lineKey,
  lineRef,
  loadCart,
  removeItem,
  selectCart,
  useCartDispatch,
  useCartSelector,
} from './cart-slice';
import { keepCheckoutForLogin, toCheckoutLine, type CheckoutState } from './checkout-line';

interface CartPanelProps {
  open: boolean;
  onClose: () => void;
}

function EmptyCartPicture() {
  return (
    <svg width="120" height="120" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      <circle cx="60" cy="60" r="56" fill="#f5f6f8" />
      <path d="M36 44h48l-5 42H41z" fill="#e3e6ec" />
      <path
        d="M48 48v-8a12 12 0 0 1 24 0v8"
        stroke="#0b1220"
        strokeWidth="5"
        fill="none"
        strokeLinecap="round"
      />
      <path
        d="M36 44h48l-5 42H41z"
        stroke="#0b1220"
        strokeWidth="5"
        fill="none"
        strokeLinejoin="round"
      />
      <path d="M52 66h16" stroke="#0b1220" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}

type CheckoutModal = 'none' | 'not-selected' | 'login';

export default function CartPanel({ open, onClose }: CartPanelProps) {
  const titleId = useId();
  const dispatch = useCartDispatch();
  const navigate = useNavigate();
  const { items, loading, error } = useCartSelector(selectCart);
  const userId = useSessionSelector(selectUserId);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [modal, setModal] = useState<CheckoutModal>('none');

  // Any change to the cart unticks every line (spec section 4).
  useEffect(() => {
    setSelected(new Set());
  }, [items]);

  const selectedItems = useMemo(
    () => items.filter((i) => selected.has(lineKey(lineRef(i)))),
    [items, selected],
  );
  // A wholesaler's own prices for the cart's pieces (decision 045); retail for everyone else.
  const wholesale = useWholesalePrices(
    items.map((i) => i.id),
    items.reduce((n, i) => n + i.selected_quantity, 0),
  );
  // The shirt's price (the wholesaler's or the discount price) and the line's print on top
  // (decision 049: wholesale prices apply to the shirt, not to the print). A line at a
  // wholesale price shows it as the price, the retail one struck through (issue 36.25).
  const shirtPrice = (i: (typeof items)[number]) =>
    wholesale?.prices.find((p) => p.product_id === i.id)?.price ?? i.discount_price;
  const unitPrice = (i: (typeof items)[number]) => shirtPrice(i) + (i.print?.price ?? 0);
  const retailPrice = (i: (typeof items)[number]) => i.discount_price + (i.print?.price ?? 0);
  const selectedTotal = selectedItems.reduce(
    (sum, i) => sum + unitPrice(i) * i.selected_quantity,
    0,
  );

  const allSelected = items.length > 0 && selectedItems.length === items.length;
  function toggleAll() {
    setSelected(allSelected ? new Set() : new Set(items.map((i) => lineKey(lineRef(i)))));
  }

  function toggle(key: string) {
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }

  function checkOut() {
    if (selectedItems.length === 0) {
      setModal('not-selected');
      return;
    }
    if (userId === null) {
      setModal('login');
      return;
    }
    const state: CheckoutState = { items: selectedItems.map(toCheckoutLine) };
    onClose();
    navigate('/checkOut', { state });
  }

  // On to checkout after the login, with the lines the shopper ticked: the login page sends
  // a user to its redirect with the returnState it was handed as that page's navigation
  // state. The login merges the cart, which unticks the panel's lines (spec section 4), so
  // the ticked lines travel with the redirect rather than through the panel.
  function loginAndContinue() {
    const state: CheckoutState = { items: selectedItems.map(toCheckoutLine) };
    keepCheckoutForLogin(state);
    setModal('none');
    onClose();
    navigate(loginPath('/checkOut'), { state: { returnState: state } });
  }

  return (
    <Overlay open={open} onClose={onClose} placement="right" labelledBy={titleId}>
      <div className="flex h-16 shrink-0 items-center justify-between border-b border-line px-5">
        <h2 id={titleId} className="font-display text-2xl font-bold uppercase">
          Shopping Cart
        </h2>
        <button
          type="button"
          aria-label="Close cart"
          onClick={onClose}
          className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-paper"
        >
          <X aria-hidden="true" />
        </button>
      </div>

      {loading ? (
        <Loader label="Loading cart" className="flex-1" />
      ) : error && items.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
          <p role="alert" className="text-sale">
            {error}
          </p>
          <button
            type="button"
            className={buttonClass('ghost')}
            onClick={() => void dispatch(loadCart(userId))}
          >
            Try again
          </button>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
          <EmptyCartPicture />
          <p className="font-display text-xl font-bold uppercase">Your Cart is Currently Empty</p>
          <button type="button" className={buttonClass('primary')} onClick={onClose}>
            <ShoppingBag aria-hidden="true" size={18} /> Shop Now
          </button>
        </div>
      ) : (
        <>
          <label className="flex min-h-11 shrink-0 cursor-pointer items-center gap-3 border-b border-line px-5 text-sm font-semibold">
            <input
              type="checkbox"
              checked={allSelected}
              onChange={toggleAll}
              className="h-5 w-5 shrink-0 accent-ink"
            />
            Select all
          </label>
          <ul className="flex-1 divide-y divide-line overflow-y-auto px-5" aria-label="Cart lines">
            {items.map((item) => {
              const ref = lineRef(item);
              const key = lineKey(ref);
              const checkboxId = `cart-line-${key.replace(/[^\w:-]/g, '_')}`;
              // Two prints of one shirt are two lines: their buttons say which.
              const lineName = item.print
                ? `${item.name}, printed ${printLabel(item.print)}`
                : item.name;
              return (
                <li key={key} className="flex gap-3 py-4">
                  {/* The line's whole left edge, at least 44 px wide and as tall as the line,
                      ticks it: a 20 px box is too small a target for a thumb. */}
                  <label
                    htmlFor={checkboxId}
                    className="-my-4 -ml-5 flex w-11 shrink-0 cursor-pointer items-center justify-end self-stretch py-4"
                  >
                    <input
                      id={checkboxId}
                      type="checkbox"
                      checked={selected.has(key)}
                      onChange={() => toggle(key)}
                      aria-label={`Select ${lineName}, size ${item.selected_size}`}
                      className="h-5 w-5 shrink-0 accent-ink"
                    />
                  </label>
                  <div className="w-20 shrink-0 overflow-hidden rounded-lg">
                    <ProductImage
                      path={item.image_url}
                      alt=""
                      name={item.name}
                      width={80}
                      height={80}
                      sizes="80px"
                    />
                  </div>
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold" title={item.name}>
                      {cartLineName(item.name)}
                    </p>
                    <p className="text-sm text-muted">
                      Price : {item.selected_quantity} x{' '}
                      {shirtPrice(item) < item.discount_price ? (
                        <>
                          <span className="font-semibold text-emerald-800">
                            {formatRupees(unitPrice(item))}
                          </span>{' '}
                          <s>
                            <span className="sr-only">retail </span>
                            {formatRupees(retailPrice(item))}
                          </s>
                        </>
                      ) : (
                        formatRupees(unitPrice(item))
                      )}
                    </p>
                    {item.print && (
                      <p className="text-sm font-semibold" data-testid="cart-line-print">
                        {printedText(item.print)}{' '}
                        <span className="font-normal text-muted">
                          (+{formatRupees(item.print.price)})
                        </span>
                      </p>
                    )}
                    <p className="text-sm text-muted">Size : {item.selected_size}</p>
                    <div className="mt-2 flex items-center gap-2">
                      <button
                        type="button"
                        aria-label={`One fewer ${lineName}`}
                        disabled={item.selected_quantity <= 1}
                        onClick={() => dispatch(decreaseQuantity(ref))}
                        className="flex h-9 w-9 items-center justify-center rounded-full border border-line disabled:opacity-40"
                      >
                        <Minus aria-hidden="true" size={16} />
                      </button>
                      <span className="w-6 text-center font-semibold">
                        <span className="sr-only">Quantity </span>
                        {item.selected_quantity}
                      </span>
                      <button
                        type="button"
                        aria-label={`One more ${lineName}`}
                        disabled={item.selected_quantity >= item.stock_quantity}
                        onClick={() => dispatch(increaseQuantity(ref))}
                        className="flex h-9 w-9 items-center justify-center rounded-full border border-line disabled:opacity-40"
                      >
                        <Plus aria-hidden="true" size={16} />
                      </button>
                      <button
                        type="button"
                        aria-label={item.print ? `Remove ${lineName}` : undefined}
                        onClick={() => dispatch(removeItem(ref))}
                        className="ml-auto rounded-md px-2 py-1 text-sm font-semibold text-sale underline-offset-2 hover:underline"
                      >
                        Remove
                      </button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="shrink-0 border-t border-line p-5">
            <p className="mb-3 flex justify-between text-sm">
              <span className="text-muted">Selected ({selectedItems.length})</span>
              <span className="font-bold">{formatRupees(selectedTotal)}</span>
            </p>
            <p className="-mt-2 mb-3 text-right text-xs text-muted">Prices include GST</p>
            {wholesale && (
              <p data-testid="wholesale-tier" className="mb-3 text-sm text-emerald-800">
                Wholesale prices. {tierText(wholesale)}
              </p>
            )}
            <div className="grid grid-cols-2 gap-3">
              <button
                type="button"
                className={buttonClass('ghost')}
                onClick={() => dispatch(clearCart())}
              >
                Clear Cart
              </button>
              <button type="button" className={buttonClass('primary')} onClick={checkOut}>
                CheckOut
              </button>
            </div>
          </div>
        </>
      )}

      <Dialog
        open={modal === 'not-selected'}
        onClose={() => setModal('none')}
        title="Product Not Selected"
        actions={
          <button type="button" className={buttonClass('primary')} onClick={() => setModal('none')}>
            Cancel
          </button>
        }
      >
        <p>Please select a product before checking out.</p>
      </Dialog>
      <Dialog
        open={modal === 'login'}
        onClose={() => setModal('none')}
        title="Login Required"
        actions={
          <>
            <button type="button" className={buttonClass('ghost')} onClick={() => setModal('none')}>
              Cancel
            </button>
            <button type="button" className={buttonClass('primary')} onClick={loginAndContinue}>
              Login &amp; Continue
            </button>
          </>
        }
      >
        <p>Please login to continue your purchase.</p>
      </Dialog>
    </Overlay>
  );
}
