// Settings → Shipping (issue 41): the fees checkout charges, by zone (a group of states), for
// every other state, and free shipping above an amount of goods. The spec's table is the
// default. Its own form and Save; a change applies to orders placed from then on (a placed
// order keeps the fee it was quoted). Rupees here, paise in the API.
import { INDIAN_STATES, paiseToRupees, rupeesToPaise, type IndianState } from '@kitroom/contract';
import { ShippingRates, type ShopSettingsRow } from '@kitroom/contract/admin';
import { useState } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { FormMessage, TextField } from '@/ui/form-field';
import { useRequestForm } from '@/ui/request-form';
import { useSaveSettings } from './save-settings';

interface ZoneValues {
  label: string;
  fee: string;
  states: IndianState[];
}

interface Values {
  zones: ZoneValues[];
  other: string;
  freeAbove: string;
}

function valuesOf(s: ShopSettingsRow): Values {
  const r = s.shipping_rates;
  return {
    zones: r.zones.map((z) => ({
      label: z.label,
      fee: String(paiseToRupees(z.fee_paise)),
      states: [...z.states],
    })),
    other: String(paiseToRupees(r.other_fee_paise)),
    freeAbove: r.free_above_paise === null ? '' : String(paiseToRupees(r.free_above_paise)),
  };
}

/** Rupees typed to paise; blank or malformed is NaN, which the contract names. */
function paise(text: string): number {
  const rupees = text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(rupees) ? rupeesToPaise(rupees) : rupees;
}

function requestOf(v: Values) {
  return {
    zones: v.zones.map((z) => ({ label: z.label, states: z.states, fee_paise: paise(z.fee) })),
    other_fee_paise: paise(v.other),
    free_above_paise: v.freeAbove.trim() === '' ? null : paise(v.freeAbove),
  };
}

const FIELD_OF: Record<string, string> = {
  fee_paise: 'fee',
  other_fee_paise: 'other',
  free_above_paise: 'freeAbove',
};

/**
 * Where the request's issue shows: a zone's field in its row (a problem with the whole zone
 * under its states), the two fees under theirs, the list of zones as the form's.
 */
function errorPath(path: readonly PropertyKey[]): string {
  const [top, row, field] = path.map(String);
  if (top === 'zones') {
    return row === undefined
      ? 'root'
      : `zones.${row}.${FIELD_OF[field ?? ''] ?? field ?? 'states'}`;
  }
  return top === undefined ? 'root' : (FIELD_OF[top] ?? top);
}

export function ShippingSection({ settings }: { settings: ShopSettingsRow }) {
  const form = useRequestForm(ShippingRates, {
    defaultValues: valuesOf(settings),
    toRequest: requestOf,
    errorPath,
  });
  const { errors } = form.formState;
  const zones = useFieldArray({ control: form.control, name: 'zones' });
  const typed = form.watch('zones');
  const [saved, setSaved] = useState(false);
  const edited = { onChange: () => setSaved(false) };
  const save = useSaveSettings((now) => {
    form.reset(valuesOf(now));
    setSaved(true);
  });

  return (
    <form
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit((rates) => save.mutate({ shipping_rates: rates }))(event)
      }
    >
      <section
        aria-labelledby="shipping"
        className="space-y-4 rounded-2xl border border-line bg-white p-5 md:p-6"
      >
        <div>
          <h2 id="shipping" className="text-lg font-bold">
            Shipping
          </h2>
          <p className="mt-1 text-sm text-muted">
            What checkout charges to ship an order, by the state it goes to. Orders already placed
            keep the fee they were charged.
          </p>
        </div>
        <ul className="space-y-4">
          {zones.fields.map((z, i) => {
            const zoneErrors = errors.zones?.[i];
            const label = typed[i]?.label.trim() || `zone ${i + 1}`;
            return (
              <li key={z.id} className="space-y-3 rounded-xl border border-line p-4">
                <div className="grid gap-3 md:grid-cols-[1fr_10rem_auto] md:items-start">
                  <TextField
                    label={`Zone ${i + 1} name`}
                    autoComplete="off"
                    {...form.register(`zones.${i}.label`, edited)}
                    error={zoneErrors?.label?.message}
                  />
                  <TextField
                    label="Fee (₹)"
                    inputMode="decimal"
                    autoComplete="off"
                    {...form.register(`zones.${i}.fee`, edited)}
                    error={zoneErrors?.fee?.message}
                  />
                  <button
                    type="button"
                    className={`${buttonClass('ghost')} md:mt-7`}
                    onClick={() => {
                      setSaved(false);
                      zones.remove(i);
                    }}
                  >
                    Remove zone
                  </button>
                </div>
                <fieldset>
                  <legend className="text-sm font-semibold">
                    States in {label} ({typed[i]?.states.length ?? 0})
                  </legend>
                  <Controller
                    control={form.control}
                    name={`zones.${i}.states`}
                    render={({ field }) => (
                      <StatesChoice
                        chosen={field.value}
                        onChange={(states) => {
                          setSaved(false);
                          field.onChange(states);
                        }}
                      />
                    )}
                  />
                  {zoneErrors?.states?.message && (
                    <p className="mt-1 text-sm font-medium text-sale">
                      {zoneErrors.states.message}
                    </p>
                  )}
                </fieldset>
              </li>
            );
          })}
        </ul>
        <button
          type="button"
          className={buttonClass('ghost')}
          onClick={() => {
            setSaved(false);
            zones.append({ label: '', fee: '', states: [] }, { shouldFocus: false });
          }}
        >
          Add a zone
        </button>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label="Every other state (₹)"
            hint="States no zone names."
            inputMode="decimal"
            autoComplete="off"
            {...form.register('other', edited)}
            error={errors.other?.message}
          />
          <TextField
            label="Free shipping from (₹)"
            hint="Goods worth this much after the coupon ship free. Leave empty for never."
            inputMode="decimal"
            autoComplete="off"
            {...form.register('freeAbove', edited)}
            error={errors.freeAbove?.message}
          />
        </div>
      </section>
      <div className="mt-3 space-y-3">
        <FormMessage text={save.error ? errorText(save.error) : (errors.root?.message ?? null)} />
        <FormMessage
          tone="info"
          text={saved ? 'Saved: orders placed from now on are charged these fees.' : null}
        />
        <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save shipping'}
        </button>
      </div>
    </form>
  );
}

/**
 * A zone's states: the chosen ones in a line, and the 36 checkboxes only while open (two zones'
 * 72 boxes would slow the page for nothing).
 */
function StatesChoice({
  chosen,
  onChange,
}: {
  chosen: IndianState[];
  onChange: (states: IndianState[]) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-1" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm text-muted underline">
        {chosen.length > 0 ? chosen.join(', ') : 'Choose states'}
      </summary>
      {open && (
        <div className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
          {INDIAN_STATES.map((state) => (
            <label key={state} className="flex min-h-9 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={chosen.includes(state)}
                onChange={(e) =>
                  onChange(
                    e.target.checked
                      ? INDIAN_STATES.filter((s) => s === state || chosen.includes(s))
                      : chosen.filter((s) => s !== state),
                  )
                }
              />
              {state}
            </label>
          ))}
        </div>
      )}
    </details>
  );
}
