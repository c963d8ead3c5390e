// The registered business a B2B invoice bills (issue 36.29): the legal name and the principal
// place of business as the GST portal's taxpayer search shows them for the shop's GSTIN.
import { GST_STATE_CODES, INDIAN_STATES } from '@kitroom/contract';
import type { AdminWholesaleApplication, RegisteredBusinessInput } from '@kitroom/contract/admin';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField, TextField } from '@/ui/form-field';

export type RegisteredValues = Required<{ [K in keyof RegisteredBusinessInput]: string }>;

/** The dialog's starting values: what was entered before, else the GSTIN's state only. */
export function startingValues(a: AdminWholesaleApplication): RegisteredValues {
  return (
    a.registered ?? {
      legal_name: '',
      street: '',
      city: '',
      pincode: '',
      state: a.gstin_check?.gstin_state ?? '',
    }
  );
}

/** The dialog form's field of a name: registered, with its error. */
type Field = (name: keyof RegisteredValues) => UseFormRegisterReturn & {
  error: string | undefined;
};

export function RegisteredBusinessFields({ gstin, field }: { gstin: string; field: Field }) {
  return (
    <fieldset className="mt-4 grid gap-3 sm:grid-cols-2">
      <legend className="mb-1 text-sm font-semibold text-ink">
        Registered business (the invoice&apos;s Bill to)
      </legend>
      <p className="text-sm text-muted sm:col-span-2">
        As the GST portal&apos;s taxpayer search shows GSTIN {gstin}: its legal name and principal
        place of business.
      </p>
      <TextField label="Legal name" className="sm:col-span-2" {...field('legal_name')} />
      <TextField label="Street address" className="sm:col-span-2" {...field('street')} />
      <TextField label="City" {...field('city')} />
      <TextField label="Pincode" inputMode="numeric" maxLength={6} {...field('pincode')} />
      <SelectField
        label="State"
        className="sm:col-span-2"
        options={[
          { value: '', label: 'Choose the state' },
          ...INDIAN_STATES.map((s) => ({ value: s, label: `${s} (${GST_STATE_CODES[s]})` })),
        ]}
        {...field('state')}
      />
    </fieldset>
  );
}
