// Settings → E-invoicing (decision 068): the owner states the shop's highest aggregate annual
// turnover of any financial year since 2017-18. Above ₹5 crore, B2B invoices are registered on
// the Invoice Registration Portal (an IRN and a signed QR code); at or below it none is
// needed, and the section says why. Its own form and Save, audited as every settings change.
import {
  E_INVOICE_TURNOVER_THRESHOLD_RUPEES,
  eInvoicingRequired,
  type ShopSettingsRow,
} from '@kitroom/contract/admin';
import { formatRupees } from '@kitroom/contract';
import { useState, type FormEvent } from 'react';
import { errorText } from '@/api/client';
import { buttonClass } from '@/ui/button';
import { FormMessage, TextField } from '@/ui/form-field';
import { useSaveSettings } from './save-settings';

/** The settings this form owns (the shop's details form leaves them out). */
export const E_INVOICING_FIELDS = ['highest_aato_rupees', 'e_invoicing_required'] as const;

const THRESHOLD = formatRupees(E_INVOICE_TURNOVER_THRESHOLD_RUPEES);

/** '' for not stated; digits and Indian commas allowed ('5,20,00,000'). */
function rupeesOf(text: string): number | null {
  const digits = text.replace(/[,\s₹]/g, '');
  return digits === '' ? null : Number(digits);
}

export function EInvoicingSection({ settings }: { settings: ShopSettingsRow }) {
  const [value, setValue] = useState(
    settings.highest_aato_rupees === null ? '' : String(settings.highest_aato_rupees),
  );
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useSaveSettings((now) => {
    setValue(now.highest_aato_rupees === null ? '' : String(now.highest_aato_rupees));
    setSaved(true);
  });
  const stated = rupeesOf(value);
  const required = stated !== null && Number.isInteger(stated) && eInvoicingRequired(stated);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (stated !== null && !(Number.isInteger(stated) && stated >= 0)) {
      setError('Enter the turnover in whole rupees, or leave it empty.');
      return;
    }
    setError(null);
    save.mutate({ highest_aato_rupees: stated });
  }

  return (
    <form noValidate onSubmit={submit}>
      <section
        aria-labelledby="e-invoicing"
        className="grid gap-4 rounded-2xl border border-line bg-white p-5 md:grid-cols-2 md:p-6"
      >
        <h2 id="e-invoicing" className="text-lg font-bold md:col-span-2">
          E-invoicing (IRN)
        </h2>
        <TextField
          label="Highest annual turnover since 2017-18 (₹)"
          hint="The aggregate turnover of the shop's PAN, all GSTINs together, in its largest financial year from 2017-18 on. Your accountant has it from the returns."
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(e) => {
            setSaved(false);
            setValue(e.target.value);
          }}
          error={error}
        />
        <div className="space-y-2 text-sm" data-testid="e-invoicing-status">
          {required ? (
            <>
              <p className="font-semibold">
                E-invoicing applies: the turnover is above {THRESHOLD}.
              </p>
              <p className="text-muted">
                Each B2B invoice (a wholesaler with a GSTIN) is registered on the Invoice
                Registration Portal after it is issued, and prints its IRN, acknowledgement and
                signed QR code; until then the order page and the PDF say &ldquo;IRN pending&rdquo;.
                Invoices need 6-digit HSN codes. The portal&rsquo;s credentials are set on the
                server (IRP_* in the operations guide).
              </p>
            </>
          ) : (
            <>
              <p className="font-semibold">No IRN is needed.</p>
              <p className="text-muted">
                E-invoicing applies only once the shop&rsquo;s aggregate turnover has exceeded{' '}
                {THRESHOLD} in a financial year since 2017-18 (Notification 10/2023-Central Tax).
                {stated === null
                  ? ' State the turnover here when it does.'
                  : ' Below it, a B2B invoice is valid without one.'}{' '}
                Once it is exceeded, it applies from then on, even if turnover falls.
              </p>
            </>
          )}
        </div>
      </section>
      <div className="mt-3 space-y-3">
        <FormMessage text={save.error ? errorText(save.error) : null} />
        <FormMessage
          tone="info"
          text={saved ? 'Saved: invoices issued from now on follow it.' : null}
        />
        <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save turnover'}
        </button>
      </div>
    </form>
  );
}
