// The customer page's two dialogs. "Block cash on delivery" asks staff's reason and says what the
// shopper will read instead; "Erase account" says what goes and what stays, and asks for the
// shopper's email typed again, as the shopper themself would confirm it.
import { COD_BLOCKED_MESSAGE } from '@kitroom/contract';
import {
  CodBlockRequest,
  CustomerErasureRequest,
  type AdminCustomerResponse,
} from '@kitroom/contract/admin';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { call, errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { FormMessage, TextAreaField, TextField } from '@/ui/form-field';
import { useRequestForm, withRef } from '@/ui/request-form';

interface DialogProps {
  data: AdminCustomerResponse;
  onClose: () => void;
  onDone: (next: AdminCustomerResponse) => void;
}

export function CodBlockDialog({ data, onClose, onDone }: DialogProps) {
  const { customer } = data;
  const formId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const form = useRequestForm(CodBlockRequest, {
    defaultValues: { reason: '' },
    toRequest: ({ reason }) => ({ blocked: true, reason }),
  });
  const block = useMutation({
    mutationFn: (text: string) =>
      call('setCustomerCodBlock', {
        params: { id: customer.id },
        body: { blocked: true, reason: text },
      }),
    onSuccess: onDone,
  });

  return (
    <Dialog
      open
      onClose={onClose}
      initialFocus={field}
      title="Block cash on delivery?"
      actions={
        <>
          <button type="button" className={buttonClass('ghost')} onClick={onClose}>
            Keep it allowed
          </button>
          <button
            type="submit"
            form={formId}
            className={buttonClass('danger')}
            disabled={block.isPending}
          >
            {block.isPending ? 'Blocking…' : 'Block cash on delivery'}
          </button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) =>
          void form.handleSubmit((body) => {
            if (body.blocked) block.mutate(body.reason);
          })(event)
        }
        noValidate
        className="space-y-3"
      >
        <p>
          {customer.name} can still pay online. At checkout and on product pages they will read: “
          {COD_BLOCKED_MESSAGE}” Orders already placed are not changed.
        </p>
        <TextAreaField
          label="Reason (for staff)"
          rows={3}
          {...withRef(form.register('reason'), field)}
          error={form.formState.errors.reason?.message}
        />
        <FormMessage text={block.error ? errorText(block.error) : null} />
      </form>
    </Dialog>
  );
}

export function EraseDialog({ data, onClose, onDone }: DialogProps) {
  const { customer } = data;
  const formId = useId();
  const field = useRef<HTMLInputElement>(null);
  const form = useRequestForm(CustomerErasureRequest, { defaultValues: { email: '' } });
  const erase = useMutation({
    mutationFn: (typed: string) =>
      call('startCustomerErasure', { params: { id: customer.id }, body: { email: typed } }),
    onSuccess: onDone,
  });

  return (
    <Dialog
      open
      role="alertdialog"
      onClose={onClose}
      initialFocus={field}
      title="Erase this account?"
      actions={
        <>
          <button type="button" className={buttonClass('ghost')} onClick={onClose}>
            Keep the account
          </button>
          <button
            type="submit"
            form={formId}
            className={buttonClass('danger')}
            disabled={erase.isPending}
          >
            {erase.isPending ? 'Erasing…' : 'Erase account'}
          </button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={(event) => void form.handleSubmit((body) => erase.mutate(body.email))(event)}
        noValidate
        className="space-y-3"
      >
        <p>
          Only when {customer.name} asked the shop to delete their account. Their name, email,
          phone, saved address, cart, notes and sessions are erased and a confirmation is mailed to
          them. Orders with a tax invoice keep the invoiced name and address for 72 months. With an
          order or a return still open, the erasure waits until it is settled. This cannot be
          undone.
        </p>
        <TextField
          label="Type the shopper’s email to confirm"
          type="email"
          autoComplete="off"
          {...withRef(form.register('email'), field)}
          error={form.formState.errors.email?.message}
        />
        <FormMessage text={erase.error ? errorText(erase.error) : null} />
      </form>
    </Dialog>
  );
}
