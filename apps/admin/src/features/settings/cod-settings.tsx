// Settings → Cash on delivery (decision 034): on/off, the fee, the largest order, open COD
// orders per shopper, the confirmation link's hours, hours before an unconfirmed order is
// cancelled, and pincode prefixes where it is off. Its own form and Save, so the shop's
// details above are not sent with it. Rupees here, paise in the API.
import { rupeesToPaise } from '@kitroom/contract';
import { CodSettings, type ShopSettingsRow } from '@kitroom/contract/admin';
import { useId, useState, type FormEvent } from 'react';
import { errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { fieldErrors, FormMessage, TextField } from '@/ui/form-field';
import { useSaveSettings } from './save-settings';

interface Values {
  enabled: boolean;
  fee: string;
  max: string;
  open: string;
  confirmHours: string;
  cancelHours: string;
  excluded: string;
}

const rupeesText = (paise: number) => String(paise / 100);

function valuesOf(s: ShopSettingsRow): Values {
  return {
    enabled: s.cod_enabled,
    fee: rupeesText(s.cod_fee_paise),
    max: rupeesText(s.cod_max_order_paise),
    open: String(s.cod_max_open_orders),
    confirmHours: String(s.cod_confirm_hours),
    cancelHours: String(s.cod_cancel_after_hours),
    excluded: s.cod_excluded_pincodes.join(', '),
  };
}

/** A blank or malformed number is NaN, which the contract names. */
const num = (text: string) => (text.trim() === '' ? NaN : Number(text));
const paise = (text: string) => {
  const n = num(text);
  return Number.isFinite(n) ? rupeesToPaise(n) : n;
};

function requestOf(v: Values) {
  return {
    cod_enabled: v.enabled,
    cod_fee_paise: paise(v.fee),
    cod_max_order_paise: paise(v.max),
    cod_max_open_orders: num(v.open),
    cod_confirm_hours: num(v.confirmHours),
    cod_cancel_after_hours: num(v.cancelHours),
    cod_excluded_pincodes: v.excluded.split(/[\s,]+/).filter((p) => p !== ''),
  };
}

/** The contract's field names, as the form's labels say them. */
const FIELD_OF: Record<string, keyof Values> = {
  cod_fee_paise: 'fee',
  cod_max_order_paise: 'max',
  cod_max_open_orders: 'open',
  cod_confirm_hours: 'confirmHours',
  cod_cancel_after_hours: 'cancelHours',
  cod_excluded_pincodes: 'excluded',
};

export function CodSettingsSection({ settings }: { settings: ShopSettingsRow }) {
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [saved, setSaved] = useState(false);
  const switchId = useId();
  const set = (key: keyof Values) => (value: string | boolean) => {
    setSaved(false);
    setValues((v) => ({ ...v, [key]: value }));
  };

  const save = useSaveSettings((now) => {
    setValues(valuesOf(now));
    setSaved(true);
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CodSettings.safeParse(requestOf(values));
    const found: Partial<Record<keyof Values, string>> = {};
    if (!parsed.success) {
      for (const [field, message] of Object.entries(fieldErrors(parsed.error.issues))) {
        const key = FIELD_OF[field.split('.')[0]!];
        if (key && !found[key]) found[key] = message;
      }
    }
    setErrors(found);
    if (parsed.success) save.mutate(parsed.data);
  }

  const field = (key: Exclude<keyof Values, 'enabled'>, label: string, hint: string) => (
    <TextField
      label={label}
      hint={hint}
      inputMode={key === 'excluded' ? 'text' : 'decimal'}
      autoComplete="off"
      value={values[key]}
      onChange={(e) => set(key)(e.target.value)}
      error={errors[key]}
    />
  );

  return (
    <form noValidate onSubmit={submit}>
      <section
        aria-labelledby="cod"
        className="grid gap-4 rounded-2xl border border-line bg-white p-5 md:grid-cols-2 md:p-6"
      >
        <h2 id="cod" className="text-lg font-bold md:col-span-2">
          Cash on delivery
        </h2>
        <p className="-mt-2 text-sm text-muted md:col-span-2">
          Shoppers see the fee on the product page and at checkout before they place the order, and
          confirm a COD order by a mailed link before it can be packed.
        </p>
        <label htmlFor={switchId} className="flex items-center gap-3 font-semibold md:col-span-2">
          <input
            id={switchId}
            type="checkbox"
            checked={values.enabled}
            onChange={(e) => set('enabled')(e.target.checked)}
            className="size-5"
          />
          Offer cash on delivery
        </label>
        {field('fee', 'COD fee (₹)', 'Added to the order; taxed like shipping on the invoice.')}
        {field('max', 'Largest COD order (₹)', 'The order’s total with the fee.')}
        {field('open', 'Open COD orders per shopper', 'Not yet delivered or cancelled.')}
        {field('confirmHours', 'Confirmation link: hours', 'How long the mailed link works.')}
        {field(
          'cancelHours',
          'Cancel unconfirmed after: hours',
          'At least the link’s hours; the stock goes back.',
        )}
        {field(
          'excluded',
          'No COD for pincodes starting',
          'Prefixes of 3 to 6 digits, separated by commas, like 744, 194101.',
        )}
      </section>
      <div className="mt-3 space-y-3">
        <FormMessage text={save.error ? errorText(save.error) : null} />
        <FormMessage
          tone="info"
          text={saved ? 'Saved: cash on delivery works this way now.' : null}
        />
        <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save cash on delivery'}
        </button>
      </div>
    </form>
  );
}
