// "Cancel order": asks for the reason the shopper will be told, and says what follows — a paid
// order is refunded in full through the payment provider; the items go back to stock.
import { CancelOrderRequest, type AdminOrderResponse } from '@kitroom/contract/admin';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { call, errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { FormMessage, TextAreaField } from '@/ui/form-field';
import { formatPaise } from '@/ui/money';
import { useRequestForm, withRef } from '@/ui/request-form';

export function CancelDialog({
  data,
  onClose,
  onCanceled,
}: {
  data: AdminOrderResponse;
  onClose: () => void;
  onCanceled: (next: AdminOrderResponse) => void;
}) {
  const { order } = data;
  const formId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const form = useRequestForm<{ reason: string }, CancelOrderRequest>(CancelOrderRequest, {
    defaultValues: { reason: '' },
  });
  const cancel = useMutation({
    mutationFn: (text: string) =>
      call('cancelAdminOrder', { params: { id: order.id }, body: { reason: text } }),
    onSuccess: onCanceled,
  });
  const refund = order.payment_status === 'SUCCESS' ? data.refundable_paise : 0;

  return (
    <Dialog
      open
      role="alertdialog"
      onClose={onClose}
      initialFocus={field}
      title={`Cancel order #${order.id}?`}
      actions={
        <>
          <button type="button" className={buttonClass('ghost')} onClick={onClose}>
            Keep the order
          </button>
          <button
            type="submit"
            form={formId}
            className={buttonClass('danger')}
            disabled={cancel.isPending}
          >
            {cancel.isPending ? 'Canceling…' : 'Cancel order'}
          </button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => void form.handleSubmit((body) => cancel.mutate(body.reason))(event)}
        noValidate
        className="space-y-3"
      >
        <p>
          {order.payment_status !== 'SUCCESS'
            ? 'The order is not paid, so nothing is refunded. The shopper is mailed.'
            : refund > 0
              ? `The order is paid: the shopper is refunded ${formatPaise(refund)} in full through the payment provider, and mailed.`
              : 'Everything paid for this order is already refunded. The shopper is mailed.'}{' '}
          Its items go back to stock.
        </p>
        <TextAreaField
          label="Reason (the shopper sees it)"
          rows={3}
          {...withRef(form.register('reason'), field)}
          error={form.formState.errors.reason?.message}
        />
        <FormMessage text={cancel.error ? errorText(cancel.error) : null} />
      </form>
    </Dialog>
  );
}
