// The seven address inputs shared by the profile's address modal and checkout's Shipping
// Information form. The state is one of the 32 states and territories.
import { INDIAN_STATES } from '@kitroom/contract';
import { memo } from 'react';
import type { AddressField, AddressValues } from './address-form';
import { SelectField, TextField } from './form-field';

interface AddressFieldsProps {
  values: AddressValues;
  onChange: (field: AddressField, value: string) => void;
  errors?: Partial<Record<AddressField, string>>;
  labels?: { first_name?: string; pincode?: string };
}

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/**
 * Memoised: checkout renders again as each of its calls responds (saved address, delivery
 * date, cash on delivery, wholesale prices); the form renders only when its own props change.
 */
export const AddressFields = memo(function AddressFields({
  values,
  onChange,
  errors = {},
  labels = {},
}: AddressFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={labels.first_name ?? 'First Name'}
        name="first_name"
        autoComplete="given-name"
        value={values.first_name}
        onChange={(e) => onChange('first_name', e.target.value)}
        maxLength={60}
        error={errors.first_name}
      />
      <TextField
        label="Last Name"
        name="last_name"
        autoComplete="family-name"
        value={values.last_name}
        onChange={(e) => onChange('last_name', e.target.value)}
        maxLength={60}
        error={errors.last_name}
      />
      <TextField
        label="Street Address"
        name="street_name"
        autoComplete="street-address"
        value={values.street_name}
        onChange={(e) => onChange('street_name', e.target.value)}
        maxLength={200}
        error={errors.street_name}
        className="sm:col-span-2"
      />
      <TextField
        label="City"
        name="city"
        autoComplete="address-level2"
        value={values.city}
        onChange={(e) => onChange('city', e.target.value)}
        maxLength={80}
        error={errors.city}
      />
      <SelectField
        label="State"
        name="state"
        autoComplete="address-level1"
        value={values.state}
        onChange={(e) => onChange('state', e.target.value)}
        options={INDIAN_STATES}
        placeholder="Select state"
        error={errors.state}
      />
      <TextField
        label={labels.pincode ?? 'Postal Code'}
        name="pincode"
        autoComplete="postal-code"
        inputMode="numeric"
        value={values.pincode}
        onChange={(e) => onChange('pincode', digits(e.target.value, 6))}
        maxLength={6}
        error={errors.pincode}
      />
      <TextField
        label="Phone"
        type="tel"
        name="phone"
        autoComplete="tel-national"
        inputMode="numeric"
        value={values.phone}
        onChange={(e) => onChange('phone', digits(e.target.value, 10))}
        maxLength={10}
        error={errors.phone}
      />
    </div>
  );
});
