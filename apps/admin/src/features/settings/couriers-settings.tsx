// The settings page's Couriers section (decision 032): the courier the ship dialog chooses
// first, the parcel's default weight and size (staff may change them per shipment), and the
// pickup location's name as Shiprocket's panel has it.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField, TextField } from '@/ui/form-field';

export const PARCEL_FIELDS = [
  ['parcel_weight_grams', 'Parcel weight (grams)', 100_000],
  ['parcel_length_cm', 'Length (cm)', 300],
  ['parcel_breadth_cm', 'Breadth (cm)', 300],
  ['parcel_height_cm', 'Height (cm)', 300],
] as const;

type Key = 'default_courier' | 'shiprocket_pickup_location' | (typeof PARCEL_FIELDS)[number][0];

/** The parcel's numbers as the contract checks them: blank is no number at all. */
export function courierRequest(values: Record<Key, string>): Record<string, number> {
  return Object.fromEntries(
    PARCEL_FIELDS.map(([key]) => [key, values[key].trim() === '' ? NaN : Number(values[key])]),
  );
}

/** The settings form's field of a key: registered, with its error. */
type Field = (key: Key) => UseFormRegisterReturn & { error: string | undefined };

export function CouriersSection({ field }: { field: Field }) {
  return (
    <section
      aria-labelledby="couriers"
      className="grid gap-4 rounded-2xl border border-line bg-white p-5 md:grid-cols-2 md:p-6"
    >
      <h2 id="couriers" className="text-lg font-bold md:col-span-2">
        Couriers
      </h2>
      <p className="-mt-2 text-sm text-muted md:col-span-2">
        What the ship dialog offers first. Shiprocket and the sandbox courier appear there only when
        the server has them switched on.
      </p>
      <SelectField
        label="Default courier"
        options={[
          { value: 'manual', label: 'By hand (staff type the courier and tracking id)' },
          { value: 'sandbox', label: 'Sandbox courier (test parcels)' },
          { value: 'shiprocket', label: 'Shiprocket' },
        ]}
        {...field('default_courier')}
      />
      <TextField
        label="Shiprocket pickup location"
        hint="Its name in Shiprocket’s panel, like Primary."
        autoComplete="off"
        {...field('shiprocket_pickup_location')}
      />
      {PARCEL_FIELDS.map(([key, label, max]) => (
        <TextField
          key={key}
          label={label}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          {...field(key)}
        />
      ))}
    </section>
  );
}
