// The product page's 'Name and number printing' (decision 049): a name (letters and spaces, at
// most 12), a number (0–99), the sleeve patch when the product has one, each part's price, what
// the print adds to a piece, the terms of a printed shirt, and — once the shopper starts typing —
// the preview, loaded then as its own chunk. Rendered on the server: nothing moves on load.
import {
  formatRupees,
  paiseToRupees,
  printedName,
  PRINT_TERMS,
  type PrintOffer,
} from '@kitroom/contract';
import { Suspense, useId, type Ref } from 'react';
import { lazyPart } from '@/ui/lazy-part';
import { TextField } from '@/ui/form-field';
import {
  checkPrintDraft,
  choosePrint,
  EMPTY_PRINT_DRAFT,
  type PrintChoice,
  type PrintDraft,
} from './print-rules';

const PrintPreview = lazyPart(() => import('./print-preview'));

/** The contract's sentence without its field prefix: 'Letters and spaces only, …'. */
export function shownPrintError(message: string | null): string | null {
  if (!message) return null;
  const text = message.replace(/^print (name|number): /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

interface PrintingSectionProps {
  offer: PrintOffer;
  /** The form as typed; null before anything is. */
  draft: PrintDraft | null;
  onChange: (choice: PrintChoice) => void;
  imagePath: string;
  shirtName: string;
  sectionRef?: Ref<HTMLElement>;
}

export function PrintingSection({
  offer,
  draft: typed,
  onChange,
  imagePath,
  shirtName,
  sectionRef,
}: PrintingSectionProps) {
  const titleId = useId();
  const termsId = useId();
  const draft = typed ?? EMPTY_PRINT_DRAFT;
  const check = checkPrintDraft(draft, offer);
  const change = (next: Partial<PrintDraft>) => onChange(choosePrint({ ...draft, ...next }, offer));
  // The preview draws only what would be printed: a part with an error is left off.
  const shownName = check.nameError ? '' : printedName(draft.name);
  const shownNumber =
    !check.numberError && /^\d{1,2}$/.test(draft.number.trim()) ? draft.number.trim() : '';
  const preview = check.started && (shownName !== '' || shownNumber !== '');

  return (
    <section
      ref={sectionRef}
      aria-labelledby={titleId}
      aria-describedby={termsId}
      className="mt-6 rounded-2xl border border-line p-4"
    >
      <h2 id={titleId} className="font-display text-xl font-bold uppercase">
        Name and number printing
      </h2>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="grid min-w-0 flex-1 gap-3">
          <TextField
            label={`Name (+${formatRupees(offer.name_price)})`}
            name="print-name"
            value={draft.name}
            onChange={(e) => change({ name: e.target.value })}
            error={shownPrintError(check.nameError)}
            hint="Letters and spaces, up to 12"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <TextField
            label={`Number (+${formatRupees(offer.number_price)})`}
            name="print-number"
            value={draft.number}
            onChange={(e) => change({ number: e.target.value })}
            error={shownPrintError(check.numberError)}
            hint="0 to 99"
            inputMode="numeric"
            autoComplete="off"
          />
          {offer.patch_price !== null && (
            <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold">
              <input
                type="checkbox"
                name="print-patch"
                checked={draft.patch}
                onChange={(e) => change({ patch: e.target.checked })}
                className="h-5 w-5 shrink-0 accent-ink"
              />
              Sleeve patch (+{formatRupees(offer.patch_price)})
            </label>
          )}
        </div>
        {preview && (
          <Suspense
            fallback={
              <div
                aria-hidden="true"
                className="mx-auto aspect-square w-full max-w-48 rounded-xl bg-paper sm:mx-0"
              />
            }
          >
            <PrintPreview
              imagePath={imagePath}
              shirtName={shirtName}
              name={shownName}
              number={shownNumber}
              colour={offer.colour}
            />
          </Suspense>
        )}
      </div>
      <p role="status" className="mt-3 min-h-5 text-sm font-semibold">
        {check.print
          ? `Printing adds ${formatRupees(paiseToRupees(check.pricePaise))} a piece.`
          : ''}
      </p>
      <p id={termsId} className="mt-1 text-sm text-muted">
        {PRINT_TERMS}
      </p>
    </section>
  );
}
