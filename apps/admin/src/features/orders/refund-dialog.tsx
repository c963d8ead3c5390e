// "Refund": the amount (what can still be refunded, to begin with) and a reason, sent once
// per opening of the dialog with its own idempotency key, then what became of the refund.
// Exported for the order page; it needs orders.refund, which the page checks.
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

function RefundForm({ orderId, refundablePaise, onClose, onRefunded }: RefundDialogProps) {
  const queryClient = useQueryClient();
  const [key] = useState(newRefundKey);
  const [amount, setAmount] = useState(rupeesText(refundablePaise));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sending = useRef(false);
  const refund = useMutation({
    mutationFn: (body: { amount: string; reason: string; idempotency_key: string }) =>
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
    const body = { amount, reason, idempotency_key: key };
    const checked = RefundOrderRequest.safeParse(body);
    const found = checked.success ? {} : fieldErrors(checked.error.issues);
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
          The money goes back to the card, UPI or bank the shopper paid with.
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
        <FormMessage text={refund.error ? errorText(refund.error) : errors.idempotency_key} />
      </form>
    </Dialog>
  );
}
