// /admin/coupons/new and /admin/coupons/:id (coupons.manage): every rule of a coupon in one
// form, checked with the contract's CouponInput before it is sent; the server's refusal (a
// code in use, a limit below the uses counted) shows above the button.
import { formatRupees } from '@kitroom/contract';
import { CouponInput, type AdminCoupon } from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call, callQuery, errorText, keyOf } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { FormMessage, SelectField, TextField } from '@/ui/form-field';
import { useRequestForm } from '@/ui/request-form';
import { useTitle } from '@/ui/use-title';
import { StatusBadge } from './coupon-status';
import { usesText } from './coupon-text';
import { draftOf, emptyDraft, inputOf, type CouponDraft } from './coupon-values';

/** The draft's fields typed as text. */
type TextKey = Exclude<keyof CouponDraft, 'active' | 'stacks_with_wholesale' | 'category_ids'>;

export function CouponFormPage() {
  const { id } = useParams();
  const existing = useQuery({
    ...callQuery('getCoupon', { params: { id: id ?? '' } }),
    enabled: !!id,
  });
  useTitle(id ? 'Edit coupon' : 'New coupon');
  if (id && existing.error) return <FormMessage text={errorText(existing.error)} />;
  if (id && !existing.data) return <p role="status">Loading the coupon…</p>;
  const coupon = existing.data?.coupon;
  return <CouponForm key={coupon?.id ?? 'new'} coupon={coupon} />;
}

function CouponForm({ coupon }: { coupon: AdminCoupon | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const options = useQuery(callQuery('couponOptions'));
  const [start] = useState(() => (coupon ? draftOf(coupon) : emptyDraft()));
  const form = useRequestForm(CouponInput, { defaultValues: start, toRequest: inputOf });
  const { errors } = form.formState;
  const kind = form.watch('kind');
  const categoryIds = form.watch('category_ids');

  const save = useMutation({
    mutationFn: (body: CouponInput) =>
      coupon
        ? call('updateCoupon', { params: { id: coupon.id }, body })
        : call('createCoupon', { body }),
    onSuccess: ({ coupon: saved }) => {
      queryClient.setQueryData(keyOf('getCoupon', { params: { id: String(saved.id) } }), {
        coupon: saved,
      });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'listCoupons'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
      void navigate('/coupons');
    },
  });

  const field = (name: TextKey) => ({ ...form.register(name), error: errors[name]?.message });

  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <Link to="/coupons" className="text-sm font-semibold text-muted underline">
          ← Coupons
        </Link>
        <h1 className="mt-2 font-display text-3xl font-bold uppercase md:text-4xl">
          {coupon ? `Coupon ${coupon.code}` : 'New coupon'}
        </h1>
        {coupon && (
          <p className="mt-2 flex flex-wrap items-center gap-3 text-muted">
            <StatusBadge status={coupon.status} />
            <span>
              {usesText(coupon)}; {coupon.paid_orders} paid order
              {coupon.paid_orders === 1 ? '' : 's'} took {formatRupees(coupon.paid_discount)} off
            </span>
          </p>
        )}
      </div>

      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit((body) => save.mutate(body))(event)}
        className="space-y-6"
      >
        <fieldset className="grid gap-4 rounded-2xl border border-line bg-white p-5 md:grid-cols-2 md:p-6">
          <legend className="px-1 text-lg font-bold">The code and what it gives</legend>
          <div>
            <TextField
              label="Code"
              autoComplete="off"
              hint="Shoppers may type it in any case."
              {...field('code')}
            />
          </div>
          <div>
            <TextField label="Description (for staff)" {...field('description')} />
          </div>
          <div>
            <SelectField
              label="Kind"
              options={[
                { value: 'percent', label: 'Percent off' },
                { value: 'flat', label: 'Rupees off' },
              ]}
              {...field('kind')}
            />
          </div>
          <div>
            <TextField
              label={kind === 'percent' ? 'Percent off' : 'Rupees off'}
              inputMode="numeric"
              {...field('value')}
            />
          </div>
          {kind === 'percent' && (
            <div>
              <TextField
                label="At most (₹)"
                inputMode="numeric"
                hint="Empty: no cap."
                {...field('max_discount')}
              />
            </div>
          )}
          <div>
            <TextField
              label="Minimum order (₹)"
              inputMode="numeric"
              hint="The items' total before shipping."
              {...field('min_order')}
            />
          </div>
        </fieldset>

        <fieldset className="grid gap-4 rounded-2xl border border-line bg-white p-5 md:grid-cols-2 md:p-6">
          <legend className="px-1 text-lg font-bold">When and how often</legend>
          <div>
            <TextField label="Starts (India time)" type="datetime-local" {...field('starts_at')} />
          </div>
          <div>
            <TextField
              label="Ends (India time)"
              type="datetime-local"
              hint="Empty: never ends."
              {...field('ends_at')}
            />
          </div>
          <div>
            <TextField
              label="Uses in all"
              inputMode="numeric"
              hint="Empty: no limit. An unpaid order holds its use until its hold ends."
              {...field('max_uses')}
            />
          </div>
          <div>
            <TextField
              label="Uses per shopper"
              inputMode="numeric"
              hint="Empty: no limit."
              {...field('max_uses_per_user')}
            />
          </div>
          <label className="flex items-center gap-3 text-sm font-semibold md:col-span-2">
            <input type="checkbox" className="size-5 accent-ink" {...form.register('active')} />
            Active (off: shoppers are told the code is invalid)
          </label>
          <label className="flex items-center gap-3 text-sm font-semibold md:col-span-2">
            <input
              type="checkbox"
              className="size-5 accent-ink"
              {...form.register('stacks_with_wholesale')}
            />
            Stacks with wholesale prices (off: a wholesaler is told it cannot be used with them)
          </label>
        </fieldset>

        <fieldset className="space-y-4 rounded-2xl border border-line bg-white p-5 md:p-6">
          <legend className="px-1 text-lg font-bold">What it applies to</legend>
          <p className="text-sm text-muted">
            Leave both empty for the whole order. Otherwise the discount applies to the items in
            these categories or with these product ids.
          </p>
          <div role="group" aria-label="Categories" className="flex flex-wrap gap-x-6 gap-y-2">
            {options.data?.categories.map((c) => (
              <label key={c.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-5 accent-ink"
                  checked={categoryIds.includes(c.id)}
                  onChange={(e) =>
                    form.setValue(
                      'category_ids',
                      e.target.checked
                        ? [...categoryIds, c.id]
                        : categoryIds.filter((x) => x !== c.id),
                    )
                  }
                />
                {c.name}
              </label>
            ))}
          </div>
          {errors.category_ids && (
            <p className="text-sm font-medium text-sale">{errors.category_ids.message}</p>
          )}
          <div>
            <TextField
              label="Product ids"
              placeholder="12, 48"
              hint="Separated by commas or spaces."
              {...field('product_ids')}
            />
          </div>
        </fieldset>

        <FormMessage text={save.error ? errorText(save.error) : null} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : coupon ? 'Save changes' : 'Create coupon'}
          </button>
          <Link to="/coupons" className={buttonClass('ghost')}>
            Cancel
          </Link>
        </div>
      </form>
    </div>
  );
}
