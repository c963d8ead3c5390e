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
import { FormMessage, TextField } from '@/ui/form-field';
import { formatPaise } from '@/ui/money';
import { newRefundKey } from './refund-key';
import { refundOutcome } from '@/ui/refund-text';
import { useRequestForm, type RequestSchema } from '@/ui/request-form';

export interface RefundDialogProps {
  open: boolean;
  orderId: number;
  /** What can still be refunded on the order (paid less refunded or on its way). */
  refundablePaise: number;
  /** Paid in cash on delivery: the refund is a transfer to the shopper's UPI id or bank. */
  paidInCash?: boolean;
  onClose: () => void;
  /** After a refund was made (whatever its state): the page refreshes what it shows. */
  onRefunded?: (response: RefundOrderResponse) => void;
}

export function RefundDialog(props: RefundDialogProps) {
  // Mounted afresh at each opening: a new key, the amount prefilled anew.
  return props.open ? <RefundForm {...props} /> : null;
}

/** Whole rupees without paise ("1359"), otherwise with them ("499.50"). */
const rupeesText = (paise: number) =>
  paise % 100 === 0 ? String(paise / 100) : paiseToRupeesText(paise);

/** The form's fields as typed: the amount in rupees, the reason, and a COD refund's payout. */
interface Values {
  amount: string;
  reason: string;
  method: 'upi' | 'bank';
  upi_id: string;
  account_name: string;
  account_number: string;
  ifsc: string;
}

/**
 * The refund as the server takes it (the amount as typed), checked with the contract; a COD
 * refund's payout is checked on its own, so each of its fields shows its own message.
 */
function refundRequest(key: string, paidInCash: boolean): RequestSchema<RefundOrderRequest> {
  return {
    safeParse(input) {
      const v = input as Values;
      const destination = paidInCash
        ? PayoutDetails.safeParse(
            v.method === 'upi'
              ? { method: 'upi', upi_id: v.upi_id }
              : {
                  method: 'bank',
                  account_name: v.account_name,
                  account_number: v.account_number,
                  ifsc: v.ifsc,
                },
          )
        : null;
      const body: RefundOrderRequest = {
        amount: v.amount,
        reason: v.reason,
        idempotency_key: key,
        ...(destination?.success ? { payout: destination.data } : {}),
      };
      const checked = RefundOrderRequest.safeParse(body);
      const issues = [
        // The key is the dialog's, not a field: its problem is the whole request's.
        ...(checked.success ? [] : checked.error.issues).map((issue) =>
          issue.path[0] === 'idempotency_key' ? { ...issue, path: [] } : issue,
        ),
        ...(destination && !destination.success ? destination.error.issues : []),
      ];
      return issues.length === 0
        ? { success: true, data: body }
        : { success: false, error: { issues } };
    },
  };
}

function RefundForm({
  orderId,
  refundablePaise,
  paidInCash = false,
  onClose,
  onRefunded,
}: RefundDialogProps) {
  const queryClient = useQueryClient();
  const [key] = useState(newRefundKey);
  const form = useRequestForm<Values, RefundOrderRequest>(refundRequest(key, paidInCash), {
    defaultValues: {
      amount: rupeesText(refundablePaise),
      reason: '',
      method: 'upi',
      upi_id: '',
      account_name: '',
      account_number: '',
      ifsc: '',
    },
    check: ({ amount }) => {
      const paise = parseRupeesText(amount);
      return paise !== undefined && paise > refundablePaise
        ? { amount: `At most ${formatPaise(refundablePaise)} can be refunded.` }
        : {};
    },
  });
  const { errors } = form.formState;
  const method = form.watch('method');
  const sending = useRef(false);
  const refund = useMutation({
    mutationFn: (body: RefundOrderRequest) =>
      call('refundAdminOrder', { params: { id: orderId }, body }),
    onSuccess: (response) => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'listAdminRefunds'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
      onRefunded?.(response);
    },
    onSettled: () => {
      sending.current = false;
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    // A second click before the first response: the same key would refund once anyway.
    if (sending.current) return;
    void form.handleSubmit((body) => {
      if (sending.current) return;
      sending.current = true;
      refund.mutate(body);
    })(event);
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
          {...form.register('amount')}
          error={errors.amount?.message}
          hint={`Up to ${formatPaise(refundablePaise)} can be refunded.`}
        />
        <TextField
          label="Reason"
          maxLength={REFUND_REASON_MAX}
          {...form.register('reason')}
          error={errors.reason?.message}
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
                    value={value}
                    className="accent-ink"
                    {...form.register('method')}
                  />
                  {label}
                </label>
              ))}
            </div>
            {method === 'upi' ? (
              <TextField
                label="Shopper's UPI id"
                autoComplete="off"
                placeholder="name@okaxis"
                {...form.register('upi_id')}
                error={errors.upi_id?.message}
              />
            ) : (
              <>
                <TextField
                  label="Account holder"
                  autoComplete="off"
                  {...form.register('account_name')}
                  error={errors.account_name?.message}
                />
                <TextField
                  label="Account number"
                  inputMode="numeric"
                  autoComplete="off"
                  {...form.register('account_number')}
                  error={errors.account_number?.message}
                />
                <TextField
                  label="IFSC"
                  autoComplete="off"
                  {...form.register('ifsc')}
                  error={errors.ifsc?.message}
                />
              </>
            )}
          </fieldset>
        )}
        <FormMessage text={refund.error ? errorText(refund.error) : errors.root?.message} />
      </form>
    </Dialog>
  );
}
