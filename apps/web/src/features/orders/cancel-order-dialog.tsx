// 'Cancel order' while the order may still be canceled (Pending, or Processing and not yet
// packed): an accessible confirm dialog with an optional reason; a paid order is refunded in
// full to the original payment. The server's response is the order page as it is afterwards.
import { CANCEL_REASON_MAX_LENGTH, type OrderDetailResponse } from '@kitroom/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { messageOf } from '@/api/client';
import { cancelOrder } from '@/api/order-calls';
import { useSessionEnded } from '@/features/accounts';
import { buttonClass } from '@/ui/button-class';
import { FormMessage, TextAreaField } from '@/ui/form-field';
import { Overlay } from '@/ui/overlay';

export const CANCEL_TEXTS = {
  button: 'Cancel order',
  keep: 'Keep order',
  confirm: 'Yes, cancel order',
  refund: 'Your payment will be refunded in full to your original payment method within 7 days.',
  unpaid: 'Nothing has been charged for this order.',
  failed: 'The order could not be canceled. Please try again.',
} as const;

interface CancelOrderDialogProps {
  userId: number;
  orderId: number;
  paid: boolean;
  onClose: () => void;
  onCanceled: (response: OrderDetailResponse) => void;
}

export function CancelOrderDialog({
  userId,
  orderId,
  paid,
  onClose,
  onCanceled,
}: CancelOrderDialogProps) {
  const titleId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  const sessionEnded = useSessionEnded();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onCanceled(await cancelOrder({ user_id: userId, order_id: orderId, reason: reason.trim() }));
    } catch (failure) {
      setBusy(false);
      if (!sessionEnded(failure)) setError(messageOf(failure, CANCEL_TEXTS.failed));
    }
  }

  return (
    <Overlay open onClose={onClose} labelledBy={titleId} initialFocus={keep}>
      <h2 id={titleId} className="font-display text-2xl font-bold uppercase">
        Cancel order #{orderId}?
      </h2>
      <p className="mt-2 text-muted">{paid ? CANCEL_TEXTS.refund : CANCEL_TEXTS.unpaid}</p>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 space-y-4">
        <TextAreaField
          label="Reason (optional)"
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={CANCEL_REASON_MAX_LENGTH}
          rows={3}
        />
        <FormMessage text={error} />
        <div className="flex flex-wrap justify-end gap-3">
          <button ref={keep} type="button" className={buttonClass('ghost')} onClick={onClose}>
            {CANCEL_TEXTS.keep}
          </button>
          <button type="submit" disabled={busy} className={buttonClass('primary')}>
            {busy ? 'Canceling...' : CANCEL_TEXTS.confirm}
          </button>
        </div>
      </form>
    </Overlay>
  );
}
