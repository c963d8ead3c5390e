// A product's name and number printing (decision 049): switched on or off, its prices per
// piece in rupees (an empty patch price: no sleeve patch) and the kit's lettering colour.
// Saved on its own, checked by the contract's schema, audited by the server.
import {
  parseRupeesText,
  PrintColour,
  ProductPrintingRequest,
  type ProductDetail,
  type ProductResponse,
} from '@kitroom/contract/admin';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call, errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { fieldErrors, FormMessage, TextField } from '@/ui/form-field';

const RUPEES_ERROR = 'Enter rupees, like 300 or 349.50';
const paiseText = (paise: number) =>
  paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);

export function PrintingPanel({
  product,
  onSaved,
}: {
  product: ProductDetail;
  onSaved: (answer: ProductResponse) => void;
}) {
  const p = product.printing;
  const [enabled, setEnabled] = useState(p.enabled);
  const [name, setName] = useState(paiseText(p.name_paise));
  const [number, setNumber] = useState(paiseText(p.number_paise));
  const [patch, setPatch] = useState(p.patch_paise === null ? '' : paiseText(p.patch_paise));
  const [colour, setColour] = useState(p.colour);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: ProductPrintingRequest) =>
      call('setPrinting', { params: { id: product.id }, body }),
    onSuccess: onSaved,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const rupees = (field: string, text: string) => {
      const paise = parseRupeesText(text);
      if (paise === undefined) found[field] = RUPEES_ERROR;
      return paise ?? 0;
    };
    const body = {
      enabled,
      name_paise: rupees('name_paise', name),
      number_paise: rupees('number_paise', number),
      patch_paise: patch.trim() === '' ? null : rupees('patch_paise', patch),
      colour,
    };
    const parsed = ProductPrintingRequest.safeParse(body);
    const all = { ...(parsed.success ? {} : fieldErrors(parsed.error.issues)), ...found };
    setErrors(all);
    if (parsed.success && Object.keys(found).length === 0) save.mutate(parsed.data);
  }

  return (
    <section
      aria-labelledby="printing"
      className="rounded-2xl border border-line bg-white p-5 md:p-6"
    >
      <h2 id="printing" className="text-lg font-bold">
        Name and number printing
      </h2>
      <p className="mt-1 text-sm text-muted">
        Shoppers type a name (letters, up to 12) and a number (0–99) on the product page. Printed
        shirts cannot be returned except for a defect, cannot be paid by cash on delivery, and leave
        2 days later. Prices are per piece and include GST.
      </p>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <label className="inline-flex min-h-11 items-center gap-2 font-semibold">
          <input
            type="checkbox"
            className="size-4 accent-ink"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
          />
          Offer printing on this shirt
        </label>
        <div className="grid gap-4 md:grid-cols-4">
          <TextField
            label="Name price (₹)"
            inputMode="decimal"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name_paise}
          />
          <TextField
            label="Number price (₹)"
            inputMode="decimal"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            error={errors.number_paise}
          />
          <TextField
            label="Sleeve patch price (₹)"
            inputMode="decimal"
            value={patch}
            onChange={(e) => setPatch(e.target.value)}
            error={errors.patch_paise}
            hint="Empty: no sleeve patch."
          />
          <TextField
            label="Lettering colour"
            value={colour}
            onChange={(e) => setColour(e.target.value)}
            error={errors.colour}
            hint={
              <span className="inline-flex items-center gap-2">
                {/* A sample of the lettering on a dark shirt (a white square read as a checkbox). */}
                <span
                  aria-hidden="true"
                  className="inline-flex h-5 items-center rounded bg-ink px-1.5 text-xs font-bold tracking-wide"
                  style={
                    PrintColour.safeParse(colour).success
                      ? { color: colour }
                      : { color: 'transparent' }
                  }
                >
                  LUNA 10
                </span>
                The kit's letters, like #FFFFFF.
              </span>
            }
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save printing'}
          </button>
          <FormMessage text={save.error ? errorText(save.error) : null} />
        </div>
      </form>
    </section>
  );
}
