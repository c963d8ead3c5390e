// Settings → Limits (issue 36): the largest refund a support agent's cancellation may make
// (above it a manager or the owner cancels), and how much stock one shopper can hold unpaid:
// open unpaid orders, and pieces of one size in one order (approved wholesalers excepted).
// Its own form and Save. Rupees here, paise in the API.
import { rupeesToPaise } from '@kitroom/contract';
import { LimitSettings, type ShopSettingsRow } from '@kitroom/contract/admin';
import { useState } from 'react';
import { errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { FormMessage, TextField } from '@/ui/form-field';
import { useRequestForm } from '@/ui/request-form';
import { useSaveSettings } from './save-settings';

/** The settings this form owns (the shop's details form leaves them out). */
export const LIMIT_FIELDS = [
  'support_refund_limit_paise',
  'unpaid_orders_max',
  'pieces_per_size_max',
] as const;

type Values = Record<(typeof LIMIT_FIELDS)[number], string>;

function valuesOf(s: ShopSettingsRow): Values {
  return {
    support_refund_limit_paise: String(s.support_refund_limit_paise / 100),
    unpaid_orders_max: String(s.unpaid_orders_max),
    pieces_per_size_max: String(s.pieces_per_size_max),
  };
}

/** A blank or malformed number is NaN, which the contract names. */
const num = (text: string) => (text.trim() === '' ? NaN : Number(text));

function requestOf(v: Values) {
  const rupees = num(v.support_refund_limit_paise);
  return {
    support_refund_limit_paise: Number.isFinite(rupees) ? rupeesToPaise(rupees) : rupees,
    unpaid_orders_max: num(v.unpaid_orders_max),
    pieces_per_size_max: num(v.pieces_per_size_max),
  };
}

export function LimitsSection({ settings }: { settings: ShopSettingsRow }) {
  const form = useRequestForm(LimitSettings, {
    defaultValues: valuesOf(settings),
    toRequest: requestOf,
  });
  const { errors } = form.formState;
  const [saved, setSaved] = useState(false);

  const save = useSaveSettings((now) => {
    form.reset(valuesOf(now));
    setSaved(true);
  });

  const field = (key: keyof Values, label: string, hint: string) => (
    <TextField
      label={label}
      hint={hint}
      inputMode="decimal"
      autoComplete="off"
      {...form.register(key, { onChange: () => setSaved(false) })}
      error={errors[key]?.message}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit((body) => save.mutate(body))(event)}
    >
      <section
        aria-labelledby="limits"
        className="grid gap-4 rounded-2xl border border-line bg-white p-5 md:grid-cols-3 md:p-6"
      >
        <h2 id="limits" className="text-lg font-bold md:col-span-3">
          Limits
        </h2>
        {field(
          'support_refund_limit_paise',
          'Support may refund up to (₹)',
          'A cancellation by support that refunds more needs a manager or the owner.',
        )}
        {field(
          'unpaid_orders_max',
          'Unpaid orders per shopper',
          'Orders holding stock while they wait for payment.',
        )}
        {field(
          'pieces_per_size_max',
          'Pieces of one size per order',
          'Approved wholesalers are not limited.',
        )}
      </section>
      <div className="mt-3 space-y-3">
        <FormMessage text={save.error ? errorText(save.error) : null} />
        <FormMessage tone="info" text={saved ? 'Saved: the limits apply from now on.' : null} />
        <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save limits'}
        </button>
      </div>
    </form>
  );
}
