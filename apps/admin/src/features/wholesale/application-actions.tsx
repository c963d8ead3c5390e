// Deciding on an application (wholesale.manage): approve onto a price list, or reject with a
// reason the shop is mailed. An approved shop can be moved to another list, or rejected (it
// then loses its prices). Each asks first in a dialog. A shop with a valid GSTIN is approved
// with its registered business, which its B2B invoices bill (issue 36.29).
import {
  RegisteredBusiness,
  RejectWholesaleRequest,
  type AdminWholesaleApplication,
  type RegisteredBusiness as RegisteredBusinessBody,
  type PriceList,
  type WholesaleApplicationResponse,
} from '@kitroom/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { call, errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { controlClass, FormMessage, SelectField } from '@/ui/form-field';
import { useRequestForm, type RequestSchema } from '@/ui/request-form';
import {
  RegisteredBusinessFields,
  startingValues,
  type RegisteredValues,
} from './registered-business-fields';

type Step = 'approve' | 'reject';

/** The dialog's fields: which step it is, the list, the reason, and the registered business. */
type Values = RegisteredValues & { step: Step; price_list_id: string; reason: string };

/** What a step sends once its fields are right. */
type Decision =
  | { step: 'approve'; body: { price_list_id: number; registered?: RegisteredBusinessBody } }
  | { step: 'reject'; body: RejectWholesaleRequest };

/**
 * The step's request, checked as the server will: a list must be chosen (then the registered
 * business, when it is asked), or the reason given.
 */
function decisionSchema(asksRegistered: boolean): RequestSchema<Decision> {
  return {
    safeParse(input) {
      const v = input as Values;
      if (v.step === 'reject') {
        const checked = RejectWholesaleRequest.safeParse({ reason: v.reason });
        return checked.success
          ? { success: true, data: { step: 'reject', body: checked.data } }
          : checked;
      }
      if (!v.price_list_id) {
        const issue = { path: ['price_list_id'], message: 'Choose a price list.' };
        return { success: false, error: { issues: [issue] } };
      }
      const business = asksRegistered
        ? RegisteredBusiness.safeParse({
            legal_name: v.legal_name,
            street: v.street,
            city: v.city,
            pincode: v.pincode,
            state: v.state,
          })
        : null;
      if (business && !business.success) return business;
      const body = {
        price_list_id: Number(v.price_list_id),
        ...(business ? { registered: business.data } : {}),
      };
      return { success: true, data: { step: 'approve', body } };
    },
  };
}

export function ApplicationActions({
  application: a,
  priceLists,
}: {
  application: AdminWholesaleApplication;
  priceLists: readonly PriceList[];
}) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [open, setOpen] = useState<Step | null>(null);
  // Only a registered shop gets a B2B invoice, so only its registered business is asked for.
  const asksRegistered = a.gstin_check?.checksum_ok === true && a.gst !== null;
  const startOf = (s: Step): Values => ({
    step: s,
    price_list_id: String(a.price_list?.id ?? priceLists[0]?.id ?? ''),
    reason: '',
    ...startingValues(a),
  });
  const [schema] = useState(() => decisionSchema(asksRegistered));
  const form = useRequestForm<Values, Decision>(schema, { defaultValues: startOf('approve') });
  const { errors } = form.formState;
  const field = (name: keyof RegisteredValues) => ({
    ...form.register(name),
    error: errors[name]?.message,
  });
  const step = useMutation({
    mutationFn: (run: () => Promise<WholesaleApplicationResponse>) => run(),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'listWholesaleApplications'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'listPriceLists'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
      setOpen(null);
    },
  });

  function begin(s: Step) {
    step.reset();
    form.reset(startOf(s));
    setOpen(s);
  }

  const confirm = form.handleSubmit((decision) => {
    const params = { id: a.id };
    if (decision.step === 'approve') {
      step.mutate(() => call('approveWholesaleApplication', { params, body: decision.body }));
    } else {
      step.mutate(() => call('rejectWholesaleApplication', { params, body: decision.body }));
    }
  });

  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <button type="button" className={buttonClass('primary')} onClick={() => begin('approve')}>
        {a.status === 'approved' ? 'Change price list' : 'Approve'}
      </button>
      {a.status !== 'rejected' && (
        <button type="button" className={buttonClass('ghost')} onClick={() => begin('reject')}>
          Reject
        </button>
      )}
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={
          open === 'approve'
            ? `${a.status === 'approved' ? 'Move' : 'Approve'} ${a.shop_name}?`
            : `Reject ${a.shop_name}?`
        }
        actions={
          <>
            <button type="button" className={buttonClass('ghost')} onClick={() => setOpen(null)}>
              Cancel
            </button>
            <button
              type="button"
              className={buttonClass(open === 'reject' ? 'danger' : 'primary')}
              disabled={step.isPending}
              onClick={() => void confirm()}
            >
              {step.isPending ? 'Saving…' : open === 'approve' ? 'Approve' : 'Reject'}
            </button>
          </>
        }
      >
        {open === 'approve' ? (
          priceLists.length === 0 ? (
            <p>
              Make a price list first on{' '}
              <Link to="/wholesale/price-lists" className="font-semibold underline">
                Price lists
              </Link>
              ; a shop buys at one.
            </p>
          ) : (
            <>
              <p className="mb-3">
                The shop buys at this list&apos;s prices from its next cart; it is mailed that it is
                approved.
              </p>
              <SelectField
                label="Price list"
                options={priceLists.map((l) => ({ value: String(l.id), label: l.name }))}
                {...form.register('price_list_id')}
                error={errors.price_list_id?.message}
              />
              <p className="mt-1 text-sm">
                <Link to="/wholesale/price-lists" className="font-semibold underline">
                  See the price lists
                </Link>{' '}
                (their rules, tiers and minimums)
              </p>
              {asksRegistered && a.gst !== null && (
                <RegisteredBusinessFields gstin={a.gst} field={field} />
              )}
            </>
          )
        ) : (
          <>
            <p className="mb-3">
              The shop is mailed your reason and may apply again
              {a.status === 'approved' ? '; it buys at retail prices from now on' : ''}.
            </p>
            <label htmlFor={reasonId} className="mb-1.5 block text-sm font-semibold text-ink">
              Reason
            </label>
            <textarea
              id={reasonId}
              rows={3}
              {...form.register('reason')}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
              className={`${controlClass} py-2.5 ${errors.reason ? 'border-sale' : 'border-line'}`}
            />
            {errors.reason && (
              <p id={`${reasonId}-error`} className="mt-1 text-sm font-medium text-sale">
                {errors.reason.message}
              </p>
            )}
          </>
        )}
        <div className="mt-3">
          <FormMessage text={step.error ? errorText(step.error) : null} />
        </div>
      </Dialog>
    </div>
  );
}
