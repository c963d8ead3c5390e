// Settings → Cash on delivery (decision 034): on/off, the fee, the largest order, open COD
// orders per shopper, the confirmation link's hours, hours before an unconfirmed order is
// cancelled, and pincode prefixes where it is off. Its own form and Save, so the shop's
// details above are not sent with it. Rupees here, paise in the API.
import { rupeesToPaise } from '@kitroom/contract';
import { CodSettings, type ShopSettingsRow } from '@kitroom/contract/admin';
import { useId, useState } from 'react';
import { errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { FormMessage, TextField } from '@/ui/form-field';
import { useRequestForm } from '@/ui/request-form';
import { useSaveSettings } from './save-settings';

/** The form's fields, named as the contract's: text as typed (rupees, not paise). */
interface Values {
  cod_enabled: boolean;
  cod_fee_paise: string;
  cod_max_order_paise: string;
  cod_max_open_orders: string;
  cod_confirm_hours: string;
  cod_cancel_after_hours: string;
  cod_excluded_pincodes: string;
}

const rupeesText = (paise: number) => String(paise / 100);

function valuesOf(s: ShopSettingsRow): Values {
  return {
    cod_enabled: s.cod_enabled,
    cod_fee_paise: rupeesText(s.cod_fee_paise),
    cod_max_order_paise: rupeesText(s.cod_max_order_paise),
    cod_max_open_orders: String(s.cod_max_open_orders),
    cod_confirm_hours: String(s.cod_confirm_hours),
    cod_cancel_after_hours: String(s.cod_cancel_after_hours),
    cod_excluded_pincodes: s.cod_excluded_pincodes.join(', '),
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
    cod_enabled: v.cod_enabled,
    cod_fee_paise: paise(v.cod_fee_paise),
    cod_max_order_paise: paise(v.cod_max_order_paise),
    cod_max_open_orders: num(v.cod_max_open_orders),
    cod_confirm_hours: num(v.cod_confirm_hours),
    cod_cancel_after_hours: num(v.cod_cancel_after_hours),
    cod_excluded_pincodes: v.cod_excluded_pincodes.split(/[\s,]+/).filter((p) => p !== ''),
  };
}

export function CodSettingsSection({ settings }: { settings: ShopSettingsRow }) {
  const form = useRequestForm(CodSettings, {
    defaultValues: valuesOf(settings),
    toRequest: requestOf,
  });
  const { errors } = form.formState;
  const [saved, setSaved] = useState(false);
  const switchId = useId();
  const edited = { onChange: () => setSaved(false) };

  const save = useSaveSettings((now) => {
    form.reset(valuesOf(now));
    setSaved(true);
  });

  const field = (key: Exclude<keyof Values, 'cod_enabled'>, label: string, hint: string) => (
    <TextField
      label={label}
      hint={hint}
      inputMode={key === 'cod_excluded_pincodes' ? 'text' : 'decimal'}
      autoComplete="off"
      {...form.register(key, edited)}
      error={errors[key]?.message}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit((body) => save.mutate(body))(event)}
    >
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
            {...form.register('cod_enabled', edited)}
            className="size-5"
          />
          Offer cash on delivery
        </label>
        {field(
          'cod_fee_paise',
          'COD fee (₹)',
          'Added to the order; taxed like shipping on the invoice.',
        )}
        {field('cod_max_order_paise', 'Largest COD order (₹)', 'The order’s total with the fee.')}
        {field(
          'cod_max_open_orders',
          'Open COD orders per shopper',
          'Not yet delivered or cancelled.',
        )}
        {field('cod_confirm_hours', 'Confirmation link: hours', 'How long the mailed link works.')}
        {field(
          'cod_cancel_after_hours',
          'Cancel unconfirmed after: hours',
          'At least the link’s hours; the stock goes back.',
        )}
        {field(
          'cod_excluded_pincodes',
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
