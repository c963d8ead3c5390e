// Name and number printing (decision 049): what a shopper asks printed on a shirt, what a
// product offers and what it costs. The server prices a print from its own offer only.
import { z } from 'zod';
import { Rupees } from './common.js';
import { formatRupees, paiseToRupees } from './money.js';

export const PRINT_NAME_MAX = 12;
export const PRINT_NUMBER_MAX = 99;
/** A printed shirt leaves the shop this many working days later than a plain one. */
export const PRINT_EXTRA_DISPATCH_DAYS = 2;
/** The lettering colour when staff have not chosen the kit's. */
export const DEFAULT_PRINT_COLOUR = '#FFFFFF';

export const PRINT_NAME_ERROR = `print name: letters and spaces only, at most ${PRINT_NAME_MAX} characters`;
export const PRINT_NUMBER_ERROR = `print number: a whole number from 0 to ${PRINT_NUMBER_MAX}`;
export const PRINT_EMPTY_ERROR = 'print: add a name, a number or the sleeve patch';

/** The product page's promise, shown before a printed shirt is added. */
export const PRINT_TERMS =
  'Printed shirts are made for you: they cannot be returned except for a defect, cannot be paid by cash on delivery, and leave us 2 days later.';
export const PRINT_NO_COD =
  'Cash on delivery is not available for printed shirts. Please pay online.';

/** A printed name's letters: Latin capitals and spaces. */
export const PRINT_NAME_PATTERN = /^[A-Z ]*$/;

// The plain helpers below are the rule the schemas apply; the storefront's form checks with
// them (zod stays out of the browser bundle), so the form and the server cannot disagree.

/** A name as it is printed: trimmed, inner spaces collapsed, capitals (' leo  messi ' → 'LEO MESSI'). */
export function printedName(typed: string): string {
  return typed.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** Why a name (as printedName gives it) cannot be printed, or null. */
export function printNameProblem(name: string): string | null {
  return name.length > PRINT_NAME_MAX || !PRINT_NAME_PATTERN.test(name) ? PRINT_NAME_ERROR : null;
}

/** Why a number cannot be printed, or null. */
export function printNumberProblem(value: number): string | null {
  return Number.isInteger(value) && value >= 0 && value <= PRINT_NUMBER_MAX
    ? null
    : PRINT_NUMBER_ERROR;
}

/** A name of Latin letters and single spaces, printed in capitals: ' leo  messi ' → 'LEO MESSI'. */
export const PrintName = z
  .string({ error: PRINT_NAME_ERROR })
  .transform(printedName)
  .pipe(
    z.string().max(PRINT_NAME_MAX, PRINT_NAME_ERROR).regex(PRINT_NAME_PATTERN, PRINT_NAME_ERROR),
  );

export const PrintNumber = z
  .number({ error: PRINT_NUMBER_ERROR })
  .int(PRINT_NUMBER_ERROR)
  .min(0, PRINT_NUMBER_ERROR)
  .max(PRINT_NUMBER_MAX, PRINT_NUMBER_ERROR);

/** What a shopper asks printed; at least one part. */
export const PrintInput = z
  .object({
    name: PrintName.default(''),
    number: PrintNumber.nullable().default(null),
    patch: z.boolean({ error: 'print patch must be true or false' }).default(false),
  })
  .refine((p) => p.name !== '' || p.number !== null || p.patch, PRINT_EMPTY_ERROR);
export type PrintInput = z.input<typeof PrintInput>;
export type Print = z.output<typeof PrintInput>;

/** A product's printing as the storefront shows it (null on product.php: no printing). */
export const PrintOffer = z.object({
  name_price: Rupees,
  number_price: Rupees,
  /** null: the product has no sleeve patch. */
  patch_price: Rupees.nullable(),
  /** The lettering colour, '#RRGGBB'. */
  colour: z.string(),
});
export type PrintOffer = z.infer<typeof PrintOffer>;

/** A product's printing prices in paise, as the server keeps them. */
export interface PrintPrices {
  namePaise: number;
  numberPaise: number;
  patchPaise: number | null;
}

/** The price of one piece's print, or why this product cannot print it. */
export function printPricePaise(
  prices: PrintPrices,
  print: Print,
): { ok: true; paise: number } | { ok: false; error: string } {
  if (print.patch && prices.patchPaise === null) {
    return { ok: false, error: 'print: this shirt has no sleeve patch' };
  }
  return {
    ok: true,
    paise:
      (print.name ? prices.namePaise : 0) +
      (print.number !== null ? prices.numberPaise : 0) +
      (print.patch ? (prices.patchPaise ?? 0) : 0),
  };
}

/** One line of text for a print: 'MESSI · 10 · sleeve patch'. */
export function printLabel(print: {
  name: string | null;
  number: number | null;
  patch: boolean;
}): string {
  return [
    print.name || null,
    print.number === null ? null : String(print.number),
    print.patch ? 'sleeve patch' : null,
  ]
    .filter((part): part is string => part !== null)
    .join(' · ');
}

/**
 * A printed line's words on an invoice or a packing slip: 'Printed: LUNA · 10 · sleeve patch';
 * '' for a line without a print. The invoice adds the print's price per piece.
 */
export function printedText(
  print: { name: string; number: number | null; patch: boolean },
  pricePaise?: number,
): string {
  const label = printLabel(print);
  if (label === '') return '';
  const price =
    pricePaise === undefined ? '' : ` (${formatRupees(paiseToRupees(pricePaise))} a piece)`;
  return `Printed: ${label}${price}`;
}

/** Whether two prints are the same (lines of one shirt and size differ by their print). */
export function samePrint(a: Print | null | undefined, b: Print | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return a.name === b.name && a.number === b.number && a.patch === b.patch;
}
