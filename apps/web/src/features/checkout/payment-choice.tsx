// Checkout's payment choice (decision 034): Pay online, or Cash on delivery with its fee
// beside it — shown before Pay Now, never sprung at the end (India's dark-pattern
// guidelines). Cash on delivery is asked of the server for the pincode, the order's amount
// and the shopper's own open COD orders; when it is not available it stays visible, disabled,
// with the reason.
import { formatRupees, PRINT_NO_COD, type CodOption, type PaymentMethod } from '@kitroom/contract';
import { useEffect, useId } from 'react';

export const PAYMENT_TEXTS = {
  online: 'Pay online',
  onlineHint: 'UPI, cards, net banking or wallets',
  cod: 'Cash on delivery',
  codHint: 'Pay the courier in cash when it arrives',
  pincodeFirst: 'Enter the delivery pincode to see if cash on delivery is available.',
} as const;

export function PaymentChoice({
  value,
  onChange,
  cod,
  printed = false,
}: {
  value: PaymentMethod;
  onChange: (value: PaymentMethod) => void;
  cod: CodOption | undefined;
  /** The order has printed shirts: no cash on delivery, whatever the pincode (decision 049). */
  printed?: boolean;
}) {
  const name = useId();
  const available = !printed && cod?.available === true;
  // A choice that is no longer possible (pincode or amount changed) falls back to online.
  useEffect(() => {
    if (value === 'COD' && !available) onChange('Online');
  }, [value, available, onChange]);

  const option = (
    method: PaymentMethod,
    label: string,
    hint: string,
    extra: string | null,
    disabled: boolean,
  ) => (
    <label
      className={`flex min-h-11 items-start gap-3 rounded-xl border p-3 ${value === method ? 'border-ink' : 'border-line'} ${disabled ? 'opacity-60' : 'cursor-pointer'}`}
    >
      <input
        type="radio"
        name={name}
        value={method}
        checked={value === method}
        disabled={disabled}
        onChange={() => onChange(method)}
        className="mt-1 size-4 accent-current"
      />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap justify-between gap-x-2 font-semibold">
          <span>{label}</span>
          {extra && <span className="font-normal text-muted">{extra}</span>}
        </span>
        <span className="block text-sm text-muted">{hint}</span>
      </span>
    </label>
  );

  const codHint = printed
    ? PRINT_NO_COD
    : cod === undefined
      ? PAYMENT_TEXTS.pincodeFirst
      : (cod.reason ?? PAYMENT_TEXTS.codHint);
  return (
    <fieldset className="mt-4 space-y-2">
      <legend className="mb-2 text-sm font-semibold">Payment</legend>
      {option('Online', PAYMENT_TEXTS.online, PAYMENT_TEXTS.onlineHint, null, false)}
      {option(
        'COD',
        PAYMENT_TEXTS.cod,
        codHint,
        cod && !printed ? `+ ${formatRupees(cod.fee)} fee` : null,
        !available,
      )}
    </fieldset>
  );
}
