// 'Return or exchange' on a delivered order within its 7 days: the shopper picks the pieces
// (at most what is left to ask for), a return for a refund or an exchange for another size,
// and says why, ticking whether the shirts arrived damaged or faulty. Printed shirts come back
// only then (decision 051): the dialog says so on their lines and refuses before sending.
// Photos are not asked for. The server's response is the order page afterwards.
import {
  BANK_ACCOUNT_PATTERN,
  IFSC_PATTERN,
  PRINTED_RETURN_REFUSAL,
  RETURN_REASON_MAX_LENGTH,
  UPI_ID_PATTERN,
  type PayoutDetails,
  type OrderDetailResponse,
  type OrderItem,
  type ReturnKind,
  type ReturnOptions,
} from '@kitroom/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { messageOf } from '@/api/client';
import { requestReturn } from '@/api/order-calls';
import { useSessionEnded } from '@/features/accounts';
import { buttonClass } from '@/ui/button-class';
import { FormMessage, TextAreaField, TextField } from '@/ui/form-field';
import { Overlay } from '@/ui/overlay';

export const RETURN_TEXTS = {
  button: 'Return or exchange',
  title: 'Return or exchange',
  noItems: 'Choose at least one item.',
  noReason: 'Please tell us why.',
  noSize: 'Choose the new size for each item you exchange.',
  refundRule:
    'Refund: what you paid for these shirts, less their share of any coupon discount, to your original payment method. Shipping is not refunded.',
  cashRefundRule:
    'Refund: what you paid for these shirts, less their share of any coupon discount, by bank transfer to the account you give below. Shipping is not refunded.',
  exchangeRule:
    'We keep your new size for you once we approve the exchange, and ship it when your shirts reach us.',
  failed: 'Your request could not be sent. Please try again.',
  defect: 'The item arrived damaged or faulty',
  printed: 'Printed — returnable only if faulty',
  printedRefusal: PRINTED_RETURN_REFUSAL,
  payoutRule:
    'You paid in cash on delivery, so we refund you by bank transfer: tell us where to send it.',
  upi: 'Enter your UPI id, like name@okaxis.',
  accountName: 'Enter the account holder’s name.',
  accountNumber: 'Enter the account number: 9 to 18 digits.',
  ifsc: 'Enter the branch’s IFSC, like SBIN0001234.',
} as const;

type PayoutForm = {
  method: 'upi' | 'bank';
  upi_id: string;
  account_name: string;
  account_number: string;
  ifsc: string;
};

/** The payout the form describes, or the field errors that stop it (the contract's rules). */
function checkPayout(f: PayoutForm): { payout: PayoutDetails } | { errors: Partial<PayoutForm> } {
  if (f.method === 'upi') {
    const upi = f.upi_id.trim();
    return UPI_ID_PATTERN.test(upi)
      ? { payout: { method: 'upi', upi_id: upi } }
      : { errors: { upi_id: RETURN_TEXTS.upi } };
  }
  const name = f.account_name.trim();
  const number = f.account_number.trim();
  const ifsc = f.ifsc.trim().toUpperCase();
  const errors: Partial<PayoutForm> = {};
  if (name.length < 2 || name.length > 100) errors.account_name = RETURN_TEXTS.accountName;
  if (!BANK_ACCOUNT_PATTERN.test(number)) errors.account_number = RETURN_TEXTS.accountNumber;
  if (!IFSC_PATTERN.test(ifsc)) errors.ifsc = RETURN_TEXTS.ifsc;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    payout: { method: 'bank', account_name: name, account_number: number, ifsc },
  };
}

const selectClass =
  'min-h-11 w-full rounded-xl border border-line bg-white px-3 text-base text-ink focus:border-ink focus:outline-none';

interface ReturnRequestDialogProps {
  userId: number;
  orderId: number;
  items: readonly OrderItem[];
  options: ReturnOptions;
  onClose: () => void;
  onSent: (response: OrderDetailResponse) => void;
}

export function ReturnRequestDialog({
  userId,
  orderId,
  items,
  options,
  onClose,
  onSent,
}: ReturnRequestDialogProps) {
  const titleId = useId();
  const fieldId = useId();
  const sessionEnded = useSessionEnded();
  const single = options.items.length === 1 && options.items[0]!.quantity === 1;
  const [kind, setKind] = useState<ReturnKind>('exchange');
  const [quantities, setQuantities] = useState<Record<number, number>>(() =>
    Object.fromEntries(options.items.map((i) => [i.order_item_id, single ? 1 : 0])),
  );
  const [sizes, setSizes] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [defect, setDefect] = useState(false);
  const [payoutForm, setPayoutForm] = useState<PayoutForm>({
    method: 'upi',
    upi_id: '',
    account_name: '',
    account_number: '',
    ifsc: '',
  });
  const [payoutErrors, setPayoutErrors] = useState<Partial<PayoutForm>>({});
  const askPayout = kind === 'return' && options.payout_needed === true;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const defectBox = useRef<HTMLInputElement>(null);
  const chosen = options.items.filter((i) => (quantities[i.order_item_id] ?? 0) > 0);
  // A printed line chosen without the tick: said at once beside the tick, and nothing is sent.
  const printedRefused = !defect && chosen.some((i) => i.printed);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (printedRefused) {
      setError(null);
      defectBox.current?.focus();
      return;
    }
    const problem =
      chosen.length === 0
        ? RETURN_TEXTS.noItems
        : kind === 'exchange' && chosen.some((i) => !sizes[i.order_item_id])
          ? RETURN_TEXTS.noSize
          : reason.trim() === ''
            ? RETURN_TEXTS.noReason
            : null;
    if (problem) {
      setError(problem);
      return;
    }
    const payout = askPayout ? checkPayout(payoutForm) : null;
    setPayoutErrors(payout && 'errors' in payout ? payout.errors : {});
    if (payout && 'errors' in payout) {
      setError(null);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const response = await requestReturn({
        user_id: userId,
        order_id: orderId,
        kind,
        reason: reason.trim(),
        items: chosen.map((i) => ({
          order_item_id: i.order_item_id,
          quantity: quantities[i.order_item_id]!,
          ...(kind === 'exchange' ? { exchange_size: sizes[i.order_item_id] } : {}),
        })),
        ...(defect ? { defect: true } : {}),
        ...(payout && 'payout' in payout ? { payout: payout.payout } : {}),
      });
      onSent(response);
    } catch (failure) {
      setBusy(false);
      if (!sessionEnded(failure)) setError(messageOf(failure, RETURN_TEXTS.failed));
    }
  }

  return (
    <Overlay
      open
      onClose={onClose}
      labelledBy={titleId}
      className="max-h-[92vh] overflow-y-auto sm:w-[min(92vw,32rem)]"
    >
      <h2 id={titleId} className="font-display text-2xl font-bold uppercase">
        {RETURN_TEXTS.title}
      </h2>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 space-y-5">
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">What would you like?</legend>
          <div className="grid grid-cols-2 gap-2">
            {(['exchange', 'return'] as const).map((k) => (
              <label
                key={k}
                className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 text-sm font-semibold has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-500 ${
                  kind === k ? 'border-ink bg-paper' : 'border-line'
                }`}
              >
                <input
                  type="radio"
                  name="kind"
                  value={k}
                  checked={kind === k}
                  onChange={() => setKind(k)}
                  className="accent-ink"
                />
                {k === 'exchange' ? 'Another size' : 'A refund'}
              </label>
            ))}
          </div>
          <p className="mt-2 text-sm text-muted">
            {kind === 'exchange'
              ? RETURN_TEXTS.exchangeRule
              : options.payout_needed
                ? RETURN_TEXTS.cashRefundRule
                : RETURN_TEXTS.refundRule}
          </p>
        </fieldset>

        {options.items.map((option) => {
          const item = items.find((i) => i.id === option.order_item_id);
          if (!item) return null;
          const id = `${fieldId}-${item.id}`;
          return (
            <fieldset key={item.id} className="rounded-xl border border-line p-3">
              <legend className="px-1 text-sm font-semibold">
                {item.product_name} · size {item.size}
              </legend>
              {option.printed && (
                <p className="mb-2 text-sm font-semibold text-amber-900">{RETURN_TEXTS.printed}</p>
              )}
              <div className="grid grid-cols-2 gap-3">
                <div>
                  <label htmlFor={`${id}-quantity`} className="mb-1 block text-sm">
                    Pieces
                  </label>
                  <select
                    id={`${id}-quantity`}
                    className={selectClass}
                    value={quantities[item.id] ?? 0}
                    onChange={(e) =>
                      setQuantities((q) => ({ ...q, [item.id]: Number(e.target.value) }))
                    }
                  >
                    {Array.from({ length: option.quantity + 1 }, (_, n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </div>
                {kind === 'exchange' && (
                  <div>
                    <label htmlFor={`${id}-size`} className="mb-1 block text-sm">
                      New size
                    </label>
                    <select
                      id={`${id}-size`}
                      className={selectClass}
                      value={sizes[item.id] ?? ''}
                      onChange={(e) => setSizes((s) => ({ ...s, [item.id]: e.target.value }))}
                    >
                      <option value="">Choose</option>
                      {option.exchange_sizes.map((s) => (
                        <option key={s.size} value={s.size}>
                          {s.in_stock ? s.size : `${s.size} (sold out now)`}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
              </div>
            </fieldset>
          );
        })}

        <div>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold">
            <input
              ref={defectBox}
              type="checkbox"
              checked={defect}
              onChange={(e) => setDefect(e.target.checked)}
              aria-describedby={printedRefused ? `${fieldId}-printed` : undefined}
              className="size-5 accent-ink"
            />
            {RETURN_TEXTS.defect}
          </label>
          {printedRefused && (
            <p id={`${fieldId}-printed`} role="status" className="text-sm font-semibold text-sale">
              {RETURN_TEXTS.printedRefusal}
            </p>
          )}
        </div>

        {askPayout && (
          <fieldset className="space-y-3 rounded-xl border border-line p-3">
            <legend className="px-1 text-sm font-semibold">Refund to</legend>
            <p className="text-sm text-muted">{RETURN_TEXTS.payoutRule}</p>
            <div className="grid grid-cols-2 gap-2">
              {(['upi', 'bank'] as const).map((m) => (
                <label
                  key={m}
                  className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 text-sm font-semibold has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-500 ${
                    payoutForm.method === m ? 'border-ink bg-paper' : 'border-line'
                  }`}
                >
                  <input
                    type="radio"
                    name="payout-method"
                    value={m}
                    checked={payoutForm.method === m}
                    onChange={() => setPayoutForm((f) => ({ ...f, method: m }))}
                    className="accent-ink"
                  />
                  {m === 'upi' ? 'UPI' : 'Bank account'}
                </label>
              ))}
            </div>
            {payoutForm.method === 'upi' ? (
              <TextField
                label="UPI id"
                name="upi_id"
                autoComplete="off"
                inputMode="email"
                value={payoutForm.upi_id}
                error={payoutErrors.upi_id}
                onChange={(e) => setPayoutForm((f) => ({ ...f, upi_id: e.target.value }))}
              />
            ) : (
              <>
                <TextField
                  label="Account holder's name"
                  name="account_name"
                  autoComplete="name"
                  value={payoutForm.account_name}
                  error={payoutErrors.account_name}
                  onChange={(e) => setPayoutForm((f) => ({ ...f, account_name: e.target.value }))}
                />
                <TextField
                  label="Account number"
                  name="account_number"
                  autoComplete="off"
                  inputMode="numeric"
                  value={payoutForm.account_number}
                  error={payoutErrors.account_number}
                  onChange={(e) => setPayoutForm((f) => ({ ...f, account_number: e.target.value }))}
                />
                <TextField
                  label="IFSC"
                  name="ifsc"
                  autoComplete="off"
                  autoCapitalize="characters"
                  value={payoutForm.ifsc}
                  error={payoutErrors.ifsc}
                  onChange={(e) => setPayoutForm((f) => ({ ...f, ifsc: e.target.value }))}
                />
              </>
            )}
          </fieldset>
        )}

        <TextAreaField
          label="Why? (required)"
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={RETURN_REASON_MAX_LENGTH}
          rows={3}
        />
        <FormMessage text={error} />
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={buttonClass('ghost')} onClick={onClose}>
            Close
          </button>
          <button type="submit" disabled={busy} className={buttonClass('primary')}>
            {busy ? 'Sending...' : 'Send request'}
          </button>
        </div>
      </form>
    </Overlay>
  );
}
