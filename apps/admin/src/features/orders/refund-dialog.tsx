// "Refund": the amount (what can still be refunded, to begin with) and a reason, sent once
// per opening of the dialog with its own idempotency key, then what became of the refund. An
// order paid in cash on delivery has no payment to refund to: the dialog asks for the
// shopper's UPI id or bank account, and the refund waits on Refunds as a transfer to make
// (decision 056). Exported for the order page; it needs orders.refund, which the page checks.
import { PayoutDetails } from '@kitroom/contract';
import {
  paiseToRupeesText,
  parseRupeesText,
  RefundOrderRequest,
  REFUND_REASON_MAX,
  type RefundOrderResponse,
} from '@kitroom/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { call, errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { fieldErrors, FormMessage, TextField } from '@/ui/form-field';
import { formatPaise } from '@/ui/money';
import { newRefundKey } from './refund-key';
import { refundOutcome } from '@/ui/refund-text';

export interface RefundDialogProps {
  open: boolean;
  orderId: number;
  /** What can still be refunded on the order (paid less refunded or on its way). */
  refundablePaise: number;
  /** Paid in cash on delivery: the refund is a transfer to the shopper's UPI id or bank. */
  paidInCash?: boolean;
  onClose: () => void;
  /** After a refund was made (whatever its state): the page refreshes what it shows. */
  onRefunded?: (answer: RefundOrderResponse) => void;
}

export function RefundDialog(props: RefundDialogProps) {
  // Mounted afresh at each opening: a new key, the amount prefilled anew.
  return props.open ? <RefundForm {...props} /> : null;
}

/** Whole rupees without paise ("1359"), otherwise with them ("499.50"). */
const rupeesText = (paise: number) =>
  paise % 100 === 0 ? String(paise / 100) : paiseToRupeesText(paise);

type PayoutField = 'upi_id' | 'account_name' | 'account_number' | 'ifsc';

function RefundForm({
  orderId,
  refundablePaise,
  paidInCash = false,
  onClose,
  onRefunded,
}: RefundDialogProps) {
  const queryClient = useQueryClient();
  const [key] = useState(newRefundKey);
  const [amount, setAmount] = useState(rupeesText(refundablePaise));
  const [reason, setReason] = useState('');
  const [payoutMethod, setPayoutMethod] = useState<'upi' | 'bank'>('upi');
  const [payout, setPayout] = useState<Record<PayoutField, string>>({
    upi_id: '',
    account_name: '',
    account_number: '',
    ifsc: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sending = useRef(false);
  const refund = useMutation({
    mutationFn: (body: RefundOrderRequest) =>
      call('refundAdminOrder', { params: { id: orderId }, body }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'listAdminRefunds'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
      onRefunded?.(answer);
    },
    onSettled: () => {
      sending.current = false;
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    // A second click before the first answer: the same key would refund once anyway.
    if (sending.current) return;
    const destination = paidInCash
      ? PayoutDetails.safeParse(
          payoutMethod === 'upi'
            ? { method: 'upi', upi_id: payout.upi_id }
            : {
                method: 'bank',
                account_name: payout.account_name,
                account_number: payout.account_number,
                ifsc: payout.ifsc,
              },
        )
      : null;
    const body: RefundOrderRequest = {
      amount,
      reason,
      idempotency_key: key,
      ...(destination?.success ? { payout: destination.data } : {}),
    };
    const checked = RefundOrderRequest.safeParse(body);
    const found = {
      ...(checked.success ? {} : fieldErrors(checked.error.issues)),
      ...(destination && !destination.success ? fieldErrors(destination.error.issues) : {}),
    };
    const paise = parseRupeesText(amount);
    if (!found.amount && paise !== undefined && paise > refundablePaise) {
      found.amount = `At most ${formatPaise(refundablePaise)} can be refunded.`;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    sending.current = true;
    refund.mutate(body);
  }

  if (refund.data) {
    const { refund: made, refundable_paise } = refund.data;
    return (
      <Dialog
        open
        onClose={onClose}
        title={made.status === 'failed' ? 'Refund refused' : 'Refund made'}
        actions={
          <button type="button" className={buttonClass('primary')} onClick={onClose}>
            Done
          </button>
        }
      >
        <FormMessage
          tone={made.status === 'failed' ? 'error' : 'info'}
          text={refundOutcome(made)}
        />
        <p className="mt-3">
          {refundable_paise > 0
            ? `${formatPaise(refundable_paise)} can still be refunded on order #${orderId}.`
            : `Order #${orderId} is refunded in full.`}
        </p>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Refund order #${orderId}`}
      actions={
        <>
          <button type="button" className={buttonClass('ghost')} onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={`refund-${orderId}`}
            className={buttonClass('danger')}
            disabled={refund.isPending}
          >
            {refund.isPending ? 'Refunding…' : 'Refund'}
          </button>
        </>
      }
    >
      <form id={`refund-${orderId}`} noValidate onSubmit={submit} className="space-y-4 text-ink">
        <p className="text-muted">
          {paidInCash
            ? 'Paid in cash on delivery: the money goes back by a transfer you make to the shopper’s UPI id or bank account. It waits on Refunds until you record its UTR.'
            : 'The money goes back to the card, UPI or bank the shopper paid with.'}
        </p>
        <TextField
          label="Amount (₹)"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount}
          hint={`Up to ${formatPaise(refundablePaise)} can be refunded.`}
        />
        <TextField
          label="Reason"
          maxLength={REFUND_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
          hint="Kept on the order's timeline and in the audit log."
        />
        {paidInCash && (
          <fieldset className="space-y-3">
            <legend className="mb-1.5 text-sm font-semibold">Transfer to</legend>
            <div className="flex flex-wrap gap-4">
              {(
                [
                  ['upi', 'UPI id'],
                  ['bank', 'Bank account'],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className="inline-flex min-h-11 items-center gap-2 font-semibold"
                >
                  <input
                    type="radio"
                    name="payout-method"
                    className="accent-ink"
                    checked={payoutMethod === value}
                    onChange={() => setPayoutMethod(value)}
                  />
                  {label}
                </label>
              ))}
            </div>
            {payoutMethod === 'upi' ? (
              <TextField
                label="Shopper's UPI id"
                autoComplete="off"
                placeholder="name@okaxis"
                value={payout.upi_id}
                onChange={(e) => setPayout({ ...payout, upi_id: e.target.value })}
                error={errors.upi_id}
              />
            ) : (
              <>
                <TextField
                  label="Account holder"
                  autoComplete="off"
                  value={payout.account_name}
                  onChange={(e) => setPayout({ ...payout, account_name: e.target.value })}
                  error={errors.account_name}
                />
                <TextField
                  label="Account number"
                  inputMode="numeric"
                  autoComplete="off"
                  value={payout.account_number}
                  onChange={(e) => setPayout({ ...payout, account_number: e.target.value })}
                  error={errors.account_number}
                />
                <TextField
                  label="IFSC"
                  autoComplete="off"
                  value={payout.ifsc}
                  onChange={(e) => setPayout({ ...payout, ifsc: e.target.value })}
                  error={errors.ifsc}
                />
              </>
            )}
          </fieldset>
        )}
        <FormMessage text={refund.error ? errorText(refund.error) : errors.idempotency_key} />
      </form>
    </Dialog>
  );
}
