// Deciding on an application (wholesale.manage): approve onto a price list, or reject with a
// reason the shop is mailed. An approved shop can be moved to another list, or rejected (it
// then loses its prices). Each asks first in a dialog. A shop with a valid GSTIN is approved
// with its registered business, which its B2B invoices bill (issue 36.29).
import {
  RegisteredBusiness,
  RejectWholesaleRequest,
  type AdminWholesaleApplication,
  type PriceList,
  type WholesaleApplicationResponse,
} from '@kitroom/contract/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { call, errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { controlClass, fieldErrors, FormMessage, SelectField } from '@/ui/form-field';
import {
  RegisteredBusinessFields,
  startingValues,
  type RegisteredValues,
} from './registered-business-fields';

type Step = 'approve' | 'reject';

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
  const [listId, setListId] = useState('');
  const [reason, setReason] = useState('');
  const [registered, setRegistered] = useState<RegisteredValues>(() => startingValues(a));
  // Only a registered shop gets a B2B invoice, so only its registered business is asked for.
  const asksRegistered = a.gstin_check?.checksum_ok === true && a.gst !== null;
  const [errors, setErrors] = useState<Record<string, string>>({});
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
    setErrors({});
    setReason('');
    setRegistered(startingValues(a));
    setListId(String(a.price_list?.id ?? priceLists[0]?.id ?? ''));
    setOpen(s);
  }

  function confirm() {
    const params = { id: a.id };
    if (open === 'approve') {
      if (!listId) return setErrors({ price_list_id: 'Choose a price list.' });
      const business = asksRegistered ? RegisteredBusiness.safeParse(registered) : null;
      if (business && !business.success) return setErrors(fieldErrors(business.error.issues));
      setErrors({});
      const body = {
        price_list_id: Number(listId),
        ...(business ? { registered: business.data } : {}),
      };
      step.mutate(() => call('approveWholesaleApplication', { params, body }));
    } else if (open === 'reject') {
      const checked = RejectWholesaleRequest.safeParse({ reason });
      if (!checked.success) return setErrors(fieldErrors(checked.error.issues));
      step.mutate(() => call('rejectWholesaleApplication', { params, body: checked.data }));
    }
  }

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
              onClick={confirm}
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
                value={listId}
                error={errors.price_list_id}
                onChange={(e) => setListId(e.target.value)}
              />
              <p className="mt-1 text-sm">
                <Link to="/wholesale/price-lists" className="font-semibold underline">
                  See the price lists
                </Link>{' '}
                (their rules, tiers and minimums)
              </p>
              {asksRegistered && a.gst !== null && (
                <RegisteredBusinessFields
                  gstin={a.gst}
                  values={registered}
                  errors={errors}
                  onChange={setRegistered}
                />
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
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
              className={`${controlClass} py-2.5 ${errors.reason ? 'border-sale' : 'border-line'}`}
            />
            {errors.reason && (
              <p id={`${reasonId}-error`} className="mt-1 text-sm font-medium text-sale">
                {errors.reason}
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
