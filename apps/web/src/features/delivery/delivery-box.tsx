// The product page's pincode box: 'Check delivery' shows 'Delivery by Thu, 3 Dec'. The
// pincode is remembered in this browser; a logged-in shopper who has typed none starts from
// the profile's. Nothing is asked before the page has loaded, and the response's line keeps
// its height from the first paint, so nothing moves (layout shift).
import {
  formatRupees,
  paiseToRupees,
  PINCODE_PATTERN,
  shippingFeePaise,
  type DeliveryEstimateResponse,
} from '@kitroom/contract';
import { Truck } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useApi } from '@/api/use-api';
import { selectUserId, useSessionSelector } from '@/features/accounts';
import { buttonClass } from '@/ui/button-class';
import { useShopDetails } from '@/ui/shop-details';
import { useAfterLoad } from '@/ui/use-after-load';
import { rememberedPincode, rememberPincode } from './pincode-memory';
import { useDeliveryEstimate } from './use-delivery-estimate';

export const DELIVERY_TEXTS = {
  badPincode: 'Please enter a 6-digit pincode.',
  checking: 'Checking…',
} as const;

/** 'Delivery by Thu, 3 Dec · Cash on delivery available (₹49 fee)' when COD is. */
export function promiseText(estimate: DeliveryEstimateResponse): string {
  return estimate.cod.available
    ? `${estimate.text} · Cash on delivery available (${formatRupees(estimate.cod.fee)} fee)`
    : estimate.text;
}

const digits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/**
 * `printed`: the shopper is having the shirt printed, which leaves 2 days later (decision 049).
 * `products`: the jersey's id when a kit launch keeps cash on delivery off for it (decision 070).
 */
export function DeliveryBox({
  printed = false,
  products,
}: {
  printed?: boolean;
  products?: string;
}) {
  const inputId = useId();
  const statusId = useId();
  const afterLoad = useAfterLoad();
  const [typed, setTyped] = useState('');
  const [checked, setChecked] = useState('');
  const [typo, setTypo] = useState(false);
  const touched = useRef(false);
  const [kept, setKept] = useState<string | null | undefined>(undefined);
  const userId = useSessionSelector(selectUserId);
  const { estimate, error, loading } = useDeliveryEstimate(checked, printed, products);
  // No saved pincode to start from (or the session ended): the box stays empty.
  const saved = useApi(
    kept === null && userId !== null ? `user ${userId} address` : null,
    // Only a logged-in shopper's box asks: a guest's page does not load the account calls.
    async (signal) =>
      (await import('@/api/account-calls')).getShippingAddress(userId ?? 0, { signal }),
    { fresh: true },
  ).data?.address?.pincode;

  useEffect(() => {
    if (!afterLoad) return;
    const remembered = rememberedPincode();
    setKept(remembered);
    // A pincode the shopper typed while the page loaded (a slow phone) is theirs to keep.
    if (remembered && !touched.current) {
      setTyped(remembered);
      setChecked(remembered);
    }
  }, [afterLoad]);

  useEffect(() => {
    if (!saved || touched.current) return;
    setTyped(saved);
    setChecked(saved);
  }, [saved]);

  useEffect(() => {
    if (estimate) rememberPincode(estimate.pincode);
  }, [estimate]);

  function submit(event: FormEvent) {
    event.preventDefault();
    touched.current = true;
    const ok = PINCODE_PATTERN.test(typed);
    setTypo(!ok);
    if (ok) setChecked(typed);
  }

  // One shirt's shipping to the pincode's state at the shop's rates (the cart's goods may
  // reach free shipping; checkout says).
  const rates = useShopDetails()?.shipping;
  const shipping = estimate && rates ? shippingFeePaise(rates, estimate.state, 0) : null;

  const shown = typo
    ? { text: DELIVERY_TEXTS.badPincode, bad: true }
    : loading
      ? { text: DELIVERY_TEXTS.checking, bad: false }
      : error
        ? { text: error, bad: true }
        : estimate
          ? { text: promiseText(estimate), bad: false }
          : null;

  return (
    <section aria-label="Delivery" className="mt-6 rounded-2xl border border-line p-4">
      <form noValidate onSubmit={submit}>
        <label htmlFor={inputId} className="mb-1.5 flex items-center gap-2 text-sm font-semibold">
          <Truck aria-hidden="true" size={18} /> Delivery pincode
        </label>
        <div className="flex gap-3">
          <input
            id={inputId}
            name="pincode"
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={6}
            placeholder="e.g. 673001"
            value={typed}
            aria-describedby={statusId}
            aria-invalid={shown?.bad ? true : undefined}
            onChange={(e) => {
              touched.current = true;
              setTyped(digits(e.target.value));
              setTypo(false);
            }}
            className={`min-h-11 w-full min-w-0 flex-1 rounded-full border px-4 text-base ${shown?.bad ? 'border-sale' : 'border-line'}`}
          />
          <button type="submit" className={buttonClass('ghost', 'shrink-0')}>
            Check delivery
          </button>
        </div>
      </form>
      {/* Three lines kept from the first paint (the COD part wraps on a phone): the response
          moves nothing below it. */}
      <p
        id={statusId}
        role="status"
        className={`mt-2 min-h-15 text-sm ${shown?.bad ? 'font-medium text-sale' : 'font-semibold text-green-800'}`}
      >
        {shown?.text}
        {shown && !shown.bad && estimate && !loading && (
          <span className="block font-normal text-muted">
            to {estimate.city}, {estimate.state}
            {shipping !== null &&
              ` · ${shipping === 0 ? 'free shipping' : `${formatRupees(paiseToRupees(shipping))} shipping`}`}
          </span>
        )}
      </p>
    </section>
  );
}
