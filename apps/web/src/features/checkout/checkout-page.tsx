// /checkOut (spec sections 2, 4, 5): the Shipping Information form, prefilled from the saved
// address (a first checkout's name and phone from the account), and the Order Summary with the state's shipping fee, the coupon's discount and
// the total. Pay Now places the order and sends the browser to the payment page. The lines
// arrive as navigation state (or, after a guest's Login & Continue went through Sign Up, as
// the cart panel kept them in the tab); without them the shopper goes home.
import {
  isIndianState,
  printedText,
  printLabel,
  rupeesToPaise,
  type PaymentMethod,
  type ProcessOrderRequest,
} from '@kitroom/contract';
import { Banknote, Lock, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from '@/ui/router';
import { messageOf } from '@/api/client';
import { processOrder, verifyCoupon } from '@/api/order-calls';
import { selectUserId, useSessionEnded, useSessionSelector } from '@/features/accounts';
import { forgetKeptCheckout, keptCheckout } from '@/features/cart';
import { useAddressPincode } from '@/features/delivery';
import { referralCodesForCheckout } from '@/features/referrals';
import { atWholesalePrices, tierText } from '@/features/wholesale';
import { showAlert } from '@/ui/alert';
import { AddressFields } from '@/ui/address-fields';
import {
  accountAddressValues,
  addressFieldProblems,
  addressValues,
  EMPTY_ADDRESS,
  hasBlankField,
  type AddressValues,
  trimAddress,
  type AddressField,
} from '@/ui/address-form';
import { buttonClass } from '@/ui/button-class';
import { ProductImage } from '@/ui/product-image';
import { useShopDetails } from '@/ui/shop-details';
import { useTitle } from '@/ui/use-title';
import {
  attemptKeeper,
  CHECKOUT_TEXTS,
  checkoutLinesOf,
  checkoutQuote,
  formatPaise,
  formatTotal,
  hasPrintedLine,
  includesGstText,
  orderLines,
  unitPaise,
  type CheckoutCoupon,
} from './checkout-rules';
import { CouponBox } from './coupon-box';
import { ReminderOptIn, WhatsAppOptIn } from './opt-ins';
import { PaymentChoice } from './payment-choice';
import { SavedOverlay } from './saved-overlay';
import { productIdsOf, useCheckoutStart } from './use-checkout-start';

const problemAlert = (message: string) => showAlert(message, 'Checkout');
const FIELD_LABELS = { pincode: 'ZIP / PIN Code' };

export default function CheckoutPage() {
  const location = useLocation();
  const [kept] = useState(() =>
    checkoutLinesOf(location.state).length > 0 ? [] : checkoutLinesOf(keptCheckout()),
  );
  const lines = useMemo(() => {
    const handed = checkoutLinesOf(location.state);
    return handed.length > 0 ? handed : kept;
  }, [location.state, kept]);
  const userId = useSessionSelector(selectUserId);
  const sessionEnded = useSessionEnded();
  // Everything the page shows on open, in one response (decision 071): it renders once with it.
  const start = useCheckoutStart(userId, lines);
  const opened = start.data;
  // A 401 ends the session.
  useEffect(() => {
    if (start.error !== undefined) sessionEnded(start.error);
  }, [start.error, sessionEnded]);
  // A wholesaler's own prices (decision 045): the order is charged at them.
  const wholesale = opened?.wholesale.wholesale ? opened.wholesale : undefined;
  const priced = useMemo(() => atWholesalePrices(lines, wholesale), [lines, wholesale]);
  // The saved address fills the form; a first checkout's name and phone come from the account.
  // What the shopper types is kept beside it, so nothing fetched is written over it.
  const filled = useMemo((): AddressValues => {
    if (!opened) return EMPTY_ADDRESS;
    if (opened.address) return addressValues(opened.address);
    return { ...EMPTY_ADDRESS, ...accountAddressValues(opened.account) };
  }, [opened]);
  const [typed, setTyped] = useState<Partial<AddressValues>>({});
  const address = useMemo(() => ({ ...filled, ...typed }), [filled, typed]);
  // Whether the profile has an address; a first order's address is saved to it.
  const hasSavedAddress = opened ? opened.address !== null : null;
  const [problems, setProblems] = useState<Partial<Record<AddressField, string>>>({});
  const [coupon, setCoupon] = useState<CheckoutCoupon | null>(null);
  const [celebrating, setCelebrating] = useState<number | null>(null);
  const [paying, setPaying] = useState(false);
  const keyFor = useRef(attemptKeeper()).current;
  useTitle('Checkout');
  useEffect(forgetKeptCheckout, []);

  const [method, setMethod] = useState<PaymentMethod>('Online');
  const [whatsapp, setWhatsApp] = useState(false);
  // Printed shirts (decision 049): never cash on delivery, and 2 days later.
  const printed = hasPrintedLine(priced);
  // COD's cap is on the total before its fee: the pincode is asked with the quote without it,
  // once per pincode and amount (the saved pincode's came with the page's call).
  const rates = useShopDetails()?.shipping;
  const withoutFee = checkoutQuote(priced, address.state, coupon, 0, rates);
  const amount = withoutFee.shippingPaise === null ? null : withoutFee.totalPaise / 100;

  // Stable, with the errors below, so the memoised form skips the renders its props survive.
  const change = useCallback((field: AddressField, value: string) => {
    setTyped((t) => ({ ...t, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  }, []);
  // A printed order is never COD: its pincode is asked once, whatever the amount.
  const pincode = useAddressPincode(
    address,
    change,
    printed,
    printed ? null : amount,
    productIdsOf(lines),
  );
  // Cash on delivery as judged for an amount (never for the pincode alone at checkout).
  const cod =
    !printed && amount !== null && pincode.amount !== null ? pincode.estimate?.cod : undefined;
  // The fee is in the total as soon as cash on delivery is chosen, before Pay Now.
  const codFeePaise = method === 'COD' && cod?.available ? rupeesToPaise(cod.fee) : 0;
  const totals =
    codFeePaise > 0 ? checkoutQuote(priced, address.state, coupon, codFeePaise, rates) : withoutFee;
  const { gstPaise } = totals;
  const fieldErrors = useMemo(
    () => ({ ...problems, pincode: problems.pincode ?? pincode.problem ?? undefined }),
    [problems, pincode.problem],
  );

  if (lines.length === 0) return <Navigate to="/" replace />;

  async function applyCoupon(code: string) {
    if (userId === null) return;
    const items = orderLines(priced);
    try {
      const response = await verifyCoupon({
        user_id: userId,
        coupon_code: code,
        total_amount: (totals.subtotalPaise + (totals.shippingPaise ?? 0)) / 100,
        product_id: items.map((i) => i.product_id),
        items,
      });
      if (!response.success) {
        problemAlert(response.error || CHECKOUT_TEXTS.couponFailed);
        return;
      }
      setCoupon({
        code: response.coupon_code,
        discount: response.discount_amount,
        lineDiscounts: response.line_discounts ?? null,
      });
      setCelebrating(response.discount_amount);
    } catch (failure) {
      if (!sessionEnded(failure)) problemAlert(messageOf(failure, CHECKOUT_TEXTS.couponFailed));
    }
  }

  async function payNow() {
    if (userId === null) return;
    if (hasBlankField(address) || !isIndianState(address.state)) {
      problemAlert(CHECKOUT_TEXTS.fillShipping);
      return;
    }
    const found = addressFieldProblems(address);
    setProblems(found);
    const first = Object.values(found)[0] ?? pincode.problem;
    if (first) {
      problemAlert(first);
      return;
    }
    const shipping = { ...trimAddress(address), state: address.state };
    const codes = referralCodesForCheckout();
    const request: Omit<ProcessOrderRequest, 'idempotency_key'> = {
      user_id: userId,
      shipping_address: shipping,
      mobile_number: shipping.phone,
      amount: totals.totalPaise / 100,
      affiliate_code: codes.affiliate_code,
      google_code: codes.google_code,
      coupon_code: coupon?.code ?? null,
      state: shipping.state,
      items: orderLines(priced),
      payment_method: method,
      ...(whatsapp && { whatsapp_updates: true }),
    };
    setPaying(true);
    try {
      const { payment_url } = await processOrder({ ...request, idempotency_key: keyFor(request) });
      // 'Processing...' stays on while the browser leaves for the payment page.
      window.location.assign(payment_url);
    } catch (failure) {
      setPaying(false);
      if (!sessionEnded(failure)) problemAlert(messageOf(failure, CHECKOUT_TEXTS.paymentFailed));
    }
  }

  return (
    <CheckoutGrid
      after={
        celebrating !== null && (
          <SavedOverlay discountRupees={celebrating} onDone={() => setCelebrating(null)} />
        )
      }
    >
      <ShippingSection
        note={
          hasSavedAddress === false
            ? CHECKOUT_TEXTS.addressWillBeSaved
            : hasSavedAddress
              ? CHECKOUT_TEXTS.addressFromProfile
              : ''
        }
      >
        <form
          noValidate
          className="mt-5"
          onSubmit={(e) => {
            e.preventDefault();
            void payNow();
          }}
          id="shipping-form"
        >
          <AddressFields
            values={address}
            onChange={change}
            errors={fieldErrors}
            labels={FIELD_LABELS}
          />
        </form>
      </ShippingSection>

      <section
        aria-labelledby="summary-heading"
        className="h-fit rounded-2xl bg-white p-5 shadow-sm sm:p-7 lg:sticky lg:top-24"
      >
        <h2 id="summary-heading" className="font-display text-2xl font-bold uppercase">
          Order Summary
        </h2>
        <ul className="mt-4 divide-y divide-line" aria-label="Items">
          {priced.map((line) => (
            <li
              key={`${line.product_id}:${line.selectedSize}:${line.print ? printLabel(line.print) : ''}`}
              className="flex gap-3 py-3"
            >
              <div className="w-16 shrink-0 overflow-hidden rounded-lg">
                <ProductImage
                  path={line.image_url}
                  alt=""
                  name={line.name}
                  width={64}
                  height={64}
                  sizes="64px"
                />
              </div>
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold" title={line.name}>
                  {line.name}
                </p>
                <p className="text-sm text-muted">
                  Size: {line.selectedSize} · Qty: {line.quantity}
                </p>
                {line.print && (
                  <p className="text-sm font-semibold" data-testid="checkout-line-print">
                    {printedText(line.print, rupeesToPaise(line.print.price))}
                  </p>
                )}
              </div>
              <p className="font-semibold">{formatPaise(unitPaise(line) * line.quantity)}</p>
            </li>
          ))}
        </ul>
        {wholesale && (
          <p data-testid="wholesale-summary" className="mt-2 text-sm">
            <span className="font-semibold text-emerald-800">Wholesale price</span> ·{' '}
            {tierText(wholesale)}
          </p>
        )}
        <dl className="mt-2 space-y-2 border-t border-line pt-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">Subtotal</dt>
            <dd>{formatPaise(totals.subtotalPaise)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted">Shipping</dt>
            <dd>
              {totals.shippingPaise === null ? 'Select a state' : formatPaise(totals.shippingPaise)}
            </dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted">Discount{coupon ? ` (${coupon.code})` : ''}</dt>
            <dd className={coupon ? 'font-semibold text-green-800' : ''}>
              {coupon ? `− ${formatPaise(totals.discountPaise)}` : formatPaise(0)}
            </dd>
          </div>
          {codFeePaise > 0 && (
            <div className="flex justify-between">
              <dt className="text-muted">Cash on delivery fee</dt>
              <dd data-testid="cod-fee">{formatPaise(codFeePaise)}</dd>
            </div>
          )}
          <div className="flex justify-between border-t border-line pt-3 text-lg font-bold">
            <dt>Total</dt>
            <dd data-testid="order-total">{formatTotal(totals.totalPaise)}</dd>
          </div>
        </dl>
        <p className="mt-1 flex flex-wrap justify-between gap-x-3 text-xs text-muted">
          <span>{CHECKOUT_TEXTS.pricesIncludeGst}</span>
          {gstPaise !== null && <span data-testid="gst-included">{includesGstText(gstPaise)}</span>}
        </p>
        {/* Kept from the first paint: the date arriving moves nothing. */}
        <p role="status" className="mt-3 min-h-5 text-sm font-semibold text-green-800">
          {pincode.estimate && !pincode.problem ? pincode.estimate.text : ''}
        </p>
        {!coupon && (
          <div className="mt-4">
            <CouponBox onVerify={applyCoupon} onProblem={problemAlert} />
          </div>
        )}
        <PaymentChoice value={method} onChange={setMethod} cod={cod} printed={printed} />
        {userId !== null && (
          <WhatsAppOptIn
            choice={opened?.whatsapp}
            phone={address.phone.trim()}
            onChange={setWhatsApp}
          />
        )}
        {opened?.ask_consent && userId !== null && (
          <ReminderOptIn userId={userId} words={opened.ask_consent} />
        )}
        <button
          type="submit"
          form="shipping-form"
          disabled={paying}
          className={buttonClass('accent', 'mt-6 w-full text-base')}
        >
          {method === 'COD' ? (
            <Banknote aria-hidden="true" size={18} />
          ) : (
            <Lock aria-hidden="true" size={18} />
          )}
          {paying ? 'Processing...' : method === 'COD' ? 'Place Order' : 'Pay Now'}
        </button>
        <p className="mt-3 flex items-center justify-center gap-1.5 text-xs text-muted">
          {method === 'COD' ? (
            `Pay ${formatTotal(totals.totalPaise)} in cash when it arrives`
          ) : (
            <>
              <ShieldCheck aria-hidden="true" size={14} /> Secure online payment
            </>
          )}
        </p>
      </section>
    </CheckoutGrid>
  );
}

/** The page's grid under its heading; `after` follows the grid (the coupon's overlay). */
function CheckoutGrid({ children, after }: { children: ReactNode; after?: ReactNode }) {
  return (
    <div className="bg-paper">
      <div className="mx-auto grid max-w-[1280px] grid-cols-1 gap-6 px-4 py-6 sm:px-6 md:py-10 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <h1 className="font-display text-3xl font-bold uppercase sm:text-4xl lg:col-span-2">
          Checkout
        </h1>
        {children}
      </div>
      {after}
    </div>
  );
}

/** Shipping Information, with its note on the saved address ('' until it is known). */
function ShippingSection({ note, children }: { note: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby="shipping-heading"
      className="rounded-2xl bg-white p-5 shadow-sm sm:p-7"
    >
      <h2 id="shipping-heading" className="font-display text-2xl font-bold uppercase">
        Shipping Information
      </h2>
      {/* One line kept from the first paint, so the response moves nothing (layout shift). */}
      <p className="mt-2 min-h-5 text-sm text-muted">{note}</p>
      {children}
    </section>
  );
}

const ignoreChange = () => undefined;

/**
 * /checkOut before the browser knows its shopper and lines (decision 083): the page's heading
 * and its Shipping Information with the form's fields empty and disabled, laid out as the
 * page lays them. The server renders it, so the page paints at once; the page itself replaces
 * it once the shopper's session is confirmed, and nothing above the order summary moves.
 */
export function CheckoutFrame() {
  return (
    <CheckoutGrid>
      <ShippingSection note="">
        <fieldset disabled aria-busy="true" className="mt-5">
          <AddressFields values={EMPTY_ADDRESS} onChange={ignoreChange} labels={FIELD_LABELS} />
        </fieldset>
      </ShippingSection>
    </CheckoutGrid>
  );
}
