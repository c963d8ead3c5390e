// /admin/settings (owner only, settings.manage): the shop's legal name, address, GSTIN,
// contact and support hours, and the delivery promise (dispatch cut-off, days per zone); the
// certificate that signs invoices and credit notes has its own section.
// The storefront's footer, contact page and product pages and the shoppers' mails show them
// as soon as they are saved.
import { INDIAN_STATES } from '@kitroom/contract';
import { UpdateSettingsRequest, type ShopSettingsRow } from '@kitroom/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { callQuery, errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { controlClass, FormMessage, SelectField, TextField } from '@/ui/form-field';
import { useRequestForm } from '@/ui/request-form';
import { useTitle } from '@/ui/use-title';
import { CartRemindersSection } from './cart-reminders-settings';
import { CodSettingsSection } from './cod-settings';
import { E_INVOICING_FIELDS, EInvoicingSection } from './e-invoicing-settings';
import { LIMIT_FIELDS, LimitsSection } from './limits-settings';
import { ShippingSection } from './shipping-settings';
import { SignatureSection } from './signature-settings';
import { courierRequest, CouriersSection } from './couriers-settings';
import { GRIEVANCE_FIELDS, GrievanceOfficerForm } from './grievance-officer-form';
import { useSaveSettings } from './save-settings';

const ZONE_DAYS = [
  ['delivery_days_same_city', 'Same city', 'The shop’s own city (district).'],
  ['delivery_days_same_state', 'Same state', 'Elsewhere in the shop’s state.'],
  ['delivery_days_metro', 'Metro cities', 'Delhi, Mumbai, Kolkata, Chennai, Bengaluru, Hyderabad.'],
  ['delivery_days_rest_of_india', 'Rest of India', 'Everywhere else.'],
  [
    'delivery_days_north_east_jk',
    'North-east, J&K, Ladakh, islands',
    'The eight north-eastern states, Jammu and Kashmir, Ladakh, the Andaman and Nicobar Islands, Lakshadweep.',
  ],
] as const;
type DaysField = (typeof ZONE_DAYS)[number][0];

/**
 * The form holds text; the days are numbers once sent. The grievance officer and cash on
 * delivery have their own forms.
 */
type Values = Record<
  Exclude<
    keyof ShopSettingsRow,
    | 'updated_at'
    | 'shipping_rates'
    | (typeof GRIEVANCE_FIELDS)[number]
    | (typeof LIMIT_FIELDS)[number]
    | (typeof E_INVOICING_FIELDS)[number]
    | `cod_${string}`
  >,
  string
>;

function formValues(settings: ShopSettingsRow): Values {
  // Shipping has its own form (shipping-settings.tsx).
  const { updated_at: _at, shipping_rates: _rates, ...fields } = settings;
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([k]) => !(GRIEVANCE_FIELDS as readonly string[]).includes(k))
      .filter(([k]) => !(LIMIT_FIELDS as readonly string[]).includes(k))
      .filter(([k]) => !(E_INVOICING_FIELDS as readonly string[]).includes(k))
      .filter(([k]) => !k.startsWith('cod_'))
      .map(([k, v]) => [k, String(v)]),
  ) as Values;
}

/** The request as the contract checks it: a blank day count is no number at all. */
function requestOf(values: Values): Record<string, string | number> {
  const days = Object.fromEntries(
    ZONE_DAYS.map(([key]) => [key, values[key].trim() === '' ? NaN : Number(values[key])]),
  );
  return { ...values, ...days, ...courierRequest(values) };
}

const stateOptions = INDIAN_STATES.map((s) => ({ value: s, label: s }));

function SettingsForm({ settings }: { settings: ShopSettingsRow }) {
  const [start] = useState(() => formValues(settings));
  const form = useRequestForm(UpdateSettingsRequest, {
    defaultValues: start,
    toRequest: requestOf,
  });
  const { errors } = form.formState;
  const [saved, setSaved] = useState(false);
  const addressId = useId();
  const field = (key: keyof Values) => ({
    ...form.register(key, { onChange: () => setSaved(false) }),
    error: errors[key]?.message,
  });

  const save = useSaveSettings((now) => {
    form.reset(formValues(now));
    setSaved(true);
  });

  const text = (key: keyof Values, label: string, hint?: string, type = 'text') => (
    <TextField label={label} hint={hint} type={type} autoComplete="off" {...field(key)} />
  );

  const days = (key: DaysField, label: string, hint: string) => (
    <TextField
      label={`${label}: days`}
      hint={hint}
      type="number"
      inputMode="numeric"
      min={0}
      max={30}
      {...field(key)}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit((body) => save.mutate(body))(event)}
      className="space-y-6"
    >
      <section
        aria-labelledby="legal"
        className="grid gap-4 rounded-2xl border border-line bg-white p-5 md:grid-cols-2 md:p-6"
      >
        <h2 id="legal" className="text-lg font-bold md:col-span-2">
          The business
        </h2>
        {text('legal_name', 'Legal name', 'As on the GST registration and the tax invoice.')}
        {text('gstin', 'GSTIN', '15 characters, or empty if the shop is not registered.')}
        <div className="md:col-span-2">
          <label htmlFor={addressId} className="mb-1.5 block text-sm font-semibold text-ink">
            Address
          </label>
          <textarea
            id={addressId}
            rows={2}
            {...form.register('address', { onChange: () => setSaved(false) })}
            aria-invalid={errors.address ? true : undefined}
            aria-describedby={errors.address ? `${addressId}-error` : `${addressId}-hint`}
            className={`${controlClass} py-2.5 ${errors.address ? 'border-sale' : 'border-line'}`}
          />
          {errors.address ? (
            <p id={`${addressId}-error`} className="mt-1 text-sm font-medium text-sale">
              {errors.address.message}
            </p>
          ) : (
            <p id={`${addressId}-hint`} className="mt-1 text-xs text-muted">
              Building and street, one line each; city, state and pincode below.
            </p>
          )}
        </div>
        {text('city', 'City')}
        <SelectField label="State" options={stateOptions} {...field('state')} />
        {text('pincode', 'Pincode')}
      </section>
      <section
        aria-labelledby="contact"
        className="grid gap-4 rounded-2xl border border-line bg-white p-5 md:grid-cols-2 md:p-6"
      >
        <h2 id="contact" className="text-lg font-bold md:col-span-2">
          How shoppers reach you
        </h2>
        <p className="-mt-2 text-sm text-muted md:col-span-2">
          Shown on the storefront’s footer and contact page, and at the end of every order mail.
        </p>
        {text(
          'phone',
          'Phone',
          'Written as shoppers should read it, like +91 495 272 1100.',
          'tel',
        )}
        {text('email', 'Email', undefined, 'email')}
        <div className="md:col-span-2">
          {text('support_hours', 'Support hours', 'Like: Monday to Saturday, 10 AM to 8 PM.')}
        </div>
      </section>
      <section
        aria-labelledby="delivery"
        className="grid gap-4 rounded-2xl border border-line bg-white p-5 md:grid-cols-2 md:p-6"
      >
        <h2 id="delivery" className="text-lg font-bold md:col-span-2">
          Delivery dates
        </h2>
        <p className="-mt-2 text-sm text-muted md:col-span-2">
          Product pages and checkout promise “Delivery by …” from these, counted from the shop’s
          pincode; each order keeps its date. Days are working days (not Sundays or national
          holidays).
        </p>
        <div className="md:col-span-2">
          {text(
            'dispatch_cutoff',
            'Dispatch cut-off',
            'Orders paid before this time (India) on a working day leave the same day.',
            'time',
          )}
        </div>
        {ZONE_DAYS.map(([key, label, hint]) => (
          <div key={key}>{days(key, label, hint)}</div>
        ))}
      </section>
      <CouriersSection field={field} />
      <div className="space-y-3">
        <FormMessage text={save.error ? errorText(save.error) : null} />
        <FormMessage
          tone="info"
          text={saved ? 'Saved: the storefront and new mails show these details now.' : null}
        />
        <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}

export function SettingsPage() {
  useTitle('Settings');
  const query = useQuery(callQuery('getSettings'));
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold uppercase md:text-4xl">Settings</h1>
        <p className="mt-1 text-muted">The shop’s own details. Only owners see this page.</p>
      </div>
      {query.error ? (
        <FormMessage text={errorText(query.error)} />
      ) : query.data ? (
        <>
          <SettingsForm settings={query.data.settings} />
          <SignatureSection />
          <CodSettingsSection settings={query.data.settings} />
          <ShippingSection settings={query.data.settings} />
          <LimitsSection settings={query.data.settings} />
          <EInvoicingSection settings={query.data.settings} />
          <CartRemindersSection />
          <GrievanceOfficerForm settings={query.data.settings} />
        </>
      ) : (
        <p role="status">Loading settings…</p>
      )}
    </div>
  );
}
