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
import { call, errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { FormMessage, TextField } from '@/ui/form-field';
import { useRequestForm } from '@/ui/request-form';

const RUPEES_ERROR = 'Enter rupees, like 300 or 349.50';
const paiseText = (paise: number) =>
  paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);

interface Values {
  enabled: boolean;
  name_paise: string;
  number_paise: string;
  patch_paise: string;
  colour: string;
}

const PRICES = ['name_paise', 'number_paise', 'patch_paise'] as const;

/** Rupees typed, in paise; text that is not rupees is 0 here and named by `notRupees`. */
function requestOf(v: Values): ProductPrintingRequest {
  const paise = (text: string) => parseRupeesText(text) ?? 0;
  return {
    enabled: v.enabled,
    name_paise: paise(v.name_paise),
    number_paise: paise(v.number_paise),
    patch_paise: v.patch_paise.trim() === '' ? null : paise(v.patch_paise),
    colour: v.colour,
  };
}

function notRupees(v: Values) {
  const found: Partial<Record<keyof Values, string>> = {};
  for (const field of PRICES) {
    const empty = field === 'patch_paise' && v[field].trim() === '';
    if (!empty && parseRupeesText(v[field]) === undefined) found[field] = RUPEES_ERROR;
  }
  return found;
}

export function PrintingPanel({
  product,
  onSaved,
}: {
  product: ProductDetail;
  onSaved: (response: ProductResponse) => void;
}) {
  const p = product.printing;
  const form = useRequestForm(ProductPrintingRequest, {
    defaultValues: {
      enabled: p.enabled,
      name_paise: paiseText(p.name_paise),
      number_paise: paiseText(p.number_paise),
      patch_paise: p.patch_paise === null ? '' : paiseText(p.patch_paise),
      colour: p.colour,
    },
    toRequest: requestOf,
    check: notRupees,
  });
  const { errors } = form.formState;
  const colour = form.watch('colour');
  const save = useMutation({
    mutationFn: (body: ProductPrintingRequest) =>
      call('setPrinting', { params: { id: product.id }, body }),
    onSuccess: onSaved,
  });

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
      <form
        noValidate
        onSubmit={(event) => void form.handleSubmit((body) => save.mutate(body))(event)}
        className="mt-4 space-y-4"
      >
        <label className="inline-flex min-h-11 items-center gap-2 font-semibold">
          <input type="checkbox" className="size-4 accent-ink" {...form.register('enabled')} />
          Offer printing on this shirt
        </label>
        <div className="grid gap-4 md:grid-cols-4">
          <TextField
            label="Name price (₹)"
            inputMode="decimal"
            {...form.register('name_paise')}
            error={errors.name_paise?.message}
          />
          <TextField
            label="Number price (₹)"
            inputMode="decimal"
            {...form.register('number_paise')}
            error={errors.number_paise?.message}
          />
          <TextField
            label="Sleeve patch price (₹)"
            inputMode="decimal"
            {...form.register('patch_paise')}
            error={errors.patch_paise?.message}
            hint="Empty: no sleeve patch."
          />
          <TextField
            label="Lettering colour"
            {...form.register('colour')}
            error={errors.colour?.message}
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
