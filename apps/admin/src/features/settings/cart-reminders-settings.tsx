// Settings → Cart reminders (decision 065): whether a shopper who reached checkout and did not
// order gets one mail of their cart, after how long, and the reminder's own coupon (none, an
// amount off or a percentage off, for that shopper only, once, for N days). Shoppers get it
// only if they agreed to it in My Account. Its own form and Save; every change is audited.
import { rupeesToPaise } from '@kitroom/contract';
import {
  UpdateRecoverySettingsRequest,
  type RecoverySettings,
  type RecoverySettingsResponse,
} from '@kitroom/contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { call, callQuery, errorText, keyOf } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { FormMessage, SelectField, TextField } from '@/ui/form-field';
import { useRequestForm } from '@/ui/request-form';

interface Values {
  enabled: boolean;
  wait_minutes: string;
  coupon_kind: '' | 'flat' | 'percent';
  coupon_value: string;
  coupon_valid_days: string;
}

function valuesOf(s: RecoverySettings): Values {
  return {
    enabled: s.enabled,
    wait_minutes: String(s.wait_minutes),
    coupon_kind: s.coupon_kind ?? '',
    coupon_value:
      s.coupon_value === null
        ? ''
        : String(s.coupon_kind === 'flat' ? s.coupon_value / 100 : s.coupon_value),
    coupon_valid_days: String(s.coupon_valid_days),
  };
}

/** A blank or malformed number is NaN, which the contract names. */
const num = (text: string) => (text.trim() === '' ? NaN : Number(text));

function requestOf(v: Values) {
  const kind = v.coupon_kind === '' ? null : v.coupon_kind;
  const value = num(v.coupon_value);
  return {
    enabled: v.enabled,
    wait_minutes: num(v.wait_minutes),
    coupon_kind: kind,
    coupon_value:
      kind === null
        ? null
        : kind === 'flat' && Number.isFinite(value)
          ? rupeesToPaise(value)
          : value,
    coupon_valid_days: kind === null ? 7 : num(v.coupon_valid_days),
  };
}

const KINDS = [
  { value: '', label: 'No coupon' },
  { value: 'percent', label: 'Percentage off' },
  { value: 'flat', label: 'Amount off (₹)' },
];

function Form({ current }: { current: RecoverySettingsResponse }) {
  const queryClient = useQueryClient();
  const switchId = useId();
  const form = useRequestForm(UpdateRecoverySettingsRequest, {
    defaultValues: valuesOf(current.settings),
    toRequest: requestOf,
    // The shortest wait is the server's setting, not the contract's.
    check: (values) => {
      const wait = requestOf(values).wait_minutes;
      return Number.isFinite(wait) && wait < current.min_wait_minutes
        ? { wait_minutes: `The wait must be at least ${current.min_wait_minutes} minutes.` }
        : {};
    },
  });
  const { errors } = form.formState;
  const kind = form.watch('coupon_kind');
  const [saved, setSaved] = useState(false);
  const edited = { onChange: () => setSaved(false) };
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof requestOf>) =>
      call('updateRecoverySettings', { body: UpdateRecoverySettingsRequest.parse(body) }),
    onSuccess: (now) => {
      queryClient.setQueryData(keyOf('getRecoverySettings'), now);
      form.reset(valuesOf(now.settings));
      setSaved(true);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit(() => save.mutate(requestOf(form.getValues())))(event)
      }
    >
      <section
        aria-labelledby="cart-reminders"
        className="grid gap-4 rounded-2xl border border-line bg-white p-5 md:grid-cols-2 md:p-6"
      >
        <h2 id="cart-reminders" className="text-lg font-bold md:col-span-2">
          Cart reminders
        </h2>
        <p className="-mt-2 text-sm text-muted md:col-span-2">
          A logged-in shopper who reached checkout and did not order gets one mail with their cart
          and a button back to it: once per cart, never after they order, and only if they agreed to
          it in My Account. Every mail has a one-click unsubscribe.
        </p>
        <label htmlFor={switchId} className="flex items-center gap-3 font-semibold md:col-span-2">
          <input
            id={switchId}
            type="checkbox"
            {...form.register('enabled', edited)}
            className="size-5"
          />
          Send cart reminders
        </label>
        <TextField
          label="Wait before the reminder (minutes)"
          hint={`At least ${current.min_wait_minutes}; at most 10080 (7 days). 60 is an hour.`}
          inputMode="numeric"
          autoComplete="off"
          {...form.register('wait_minutes', edited)}
          error={errors.wait_minutes?.message}
        />
        <SelectField
          label="Coupon in the reminder"
          options={KINDS}
          {...form.register('coupon_kind', edited)}
          error={errors.coupon_kind?.message}
        />
        {kind !== '' && (
          <>
            <TextField
              label={kind === 'percent' ? 'Percentage off' : 'Amount off (₹)'}
              hint="A new code for each reminder, for that shopper only, usable once."
              inputMode="decimal"
              autoComplete="off"
              {...form.register('coupon_value', edited)}
              error={errors.coupon_value?.message}
            />
            <TextField
              label="Coupon works for (days)"
              hint="From the day the reminder is sent; 1 to 90."
              inputMode="numeric"
              autoComplete="off"
              {...form.register('coupon_valid_days', edited)}
              error={errors.coupon_valid_days?.message}
            />
          </>
        )}
      </section>
      <div className="mt-3 space-y-3">
        <FormMessage text={save.error ? errorText(save.error) : null} />
        <FormMessage
          tone="info"
          text={saved ? 'Saved: cart reminders follow these settings from now on.' : null}
        />
        <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save cart reminders'}
        </button>
      </div>
    </form>
  );
}

export function CartRemindersSection() {
  const query = useQuery(callQuery('getRecoverySettings'));
  if (query.error) return <FormMessage text={errorText(query.error)} />;
  if (!query.data) return <p role="status">Loading cart reminders…</p>;
  return <Form current={query.data} />;
}
