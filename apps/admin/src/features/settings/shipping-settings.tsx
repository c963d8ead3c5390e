// Settings → Shipping (issue 41): the fees checkout charges, by zone (a group of states), for
// every other state, and free shipping above an amount of goods. The spec's table is the
// default. Its own form and Save; a change applies to orders placed from then on (a placed
// order keeps the fee it was quoted). Rupees here, paise in the API.
import { INDIAN_STATES, paiseToRupees, rupeesToPaise, type IndianState } from '@kitroom/contract';
import { ShippingRates, type ShopSettingsRow } from '@kitroom/contract/admin';
import { useState, type FormEvent } from 'react';
import { errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { FormMessage, TextField } from '@/ui/form-field';
import { useSaveSettings } from './save-settings';

interface ZoneValues {
  /** Stable across edits, for React's keys. */
  key: number;
  label: string;
  fee: string;
  states: IndianState[];
}

interface Values {
  zones: ZoneValues[];
  other: string;
  freeAbove: string;
}

let nextKey = 1;

function valuesOf(s: ShopSettingsRow): Values {
  const r = s.shipping_rates;
  return {
    zones: r.zones.map((z) => ({
      key: nextKey++,
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

/** Errors by where they are: 'zones.1.states', 'other_fee_paise', 'free_above_paise'. */
type Errors = Record<string, string>;

export function ShippingSection({ settings }: { settings: ShopSettingsRow }) {
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const save = useSaveSettings((now) => {
    setValues(valuesOf(now));
    setSaved(true);
  });

  const change = (next: (v: Values) => Values) => {
    setSaved(false);
    setValues(next);
  };
  const changeZone = (key: number, patch: Partial<ZoneValues>) =>
    change((v) => ({ ...v, zones: v.zones.map((z) => (z.key === key ? { ...z, ...patch } : z)) }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ShippingRates.safeParse(requestOf(values));
    const found: Errors = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const at = issue.path.slice(0, 3).join('.');
      found[at] ??= issue.message;
    }
    setErrors(found);
    if (parsed.success) save.mutate({ shipping_rates: parsed.data });
  }

  const zoneError = (i: number, field: string) =>
    errors[`zones.${i}.${field}`] ?? (field === 'states' ? errors[`zones.${i}`] : undefined);

  return (
    <form noValidate onSubmit={submit}>
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
          {values.zones.map((z, i) => (
            <li key={z.key} className="space-y-3 rounded-xl border border-line p-4">
              <div className="grid gap-3 md:grid-cols-[1fr_10rem_auto] md:items-start">
                <TextField
                  label={`Zone ${i + 1} name`}
                  value={z.label}
                  autoComplete="off"
                  onChange={(e) => changeZone(z.key, { label: e.target.value })}
                  error={zoneError(i, 'label')}
                />
                <TextField
                  label="Fee (₹)"
                  inputMode="decimal"
                  autoComplete="off"
                  value={z.fee}
                  onChange={(e) => changeZone(z.key, { fee: e.target.value })}
                  error={zoneError(i, 'fee_paise')}
                />
                <button
                  type="button"
                  className={`${buttonClass('ghost')} md:mt-7`}
                  onClick={() =>
                    change((v) => ({ ...v, zones: v.zones.filter((x) => x.key !== z.key) }))
                  }
                >
                  Remove zone
                </button>
              </div>
              <fieldset>
                <legend className="text-sm font-semibold">
                  States in {z.label.trim() || `zone ${i + 1}`} ({z.states.length})
                </legend>
                <StatesChoice
                  chosen={z.states}
                  onChange={(states) => changeZone(z.key, { states })}
                />
                {zoneError(i, 'states') && (
                  <p className="mt-1 text-sm font-medium text-sale">{zoneError(i, 'states')}</p>
                )}
              </fieldset>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className={buttonClass('ghost')}
          onClick={() =>
            change((v) => ({
              ...v,
              zones: [...v.zones, { key: nextKey++, label: '', fee: '', states: [] }],
            }))
          }
        >
          Add a zone
        </button>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label="Every other state (₹)"
            hint="States no zone names."
            inputMode="decimal"
            autoComplete="off"
            value={values.other}
            onChange={(e) => change((v) => ({ ...v, other: e.target.value }))}
            error={errors.other_fee_paise}
          />
          <TextField
            label="Free shipping from (₹)"
            hint="Goods worth this much after the coupon ship free. Leave empty for never."
            inputMode="decimal"
            autoComplete="off"
            value={values.freeAbove}
            onChange={(e) => change((v) => ({ ...v, freeAbove: e.target.value }))}
            error={errors.free_above_paise}
          />
        </div>
      </section>
      <div className="mt-3 space-y-3">
        <FormMessage text={save.error ? errorText(save.error) : null} />
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
