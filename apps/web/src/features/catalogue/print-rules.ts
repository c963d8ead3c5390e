// The product page's name and number printing (decision 049): what the shopper has typed, checked
// by the contract's own rule (PrintInput), and what it adds to a piece's price.
import {
  paiseToRupees,
  PRINT_NUMBER_ERROR,
  printedName,
  printNameProblem,
  printNumberProblem,
  printPricePaise,
  rupeesToPaise,
  type CartPrint,
  type Print,
  type PrintOffer,
  type PrintPrices,
} from '@kitroom/contract';

/** The form as typed: the number is the text in its box. */
export interface PrintDraft {
  name: string;
  number: string;
  patch: boolean;
}

export const EMPTY_PRINT_DRAFT: PrintDraft = { name: '', number: '', patch: false };

export interface PrintCheck {
  /** Something is typed or ticked: the preview shows, the delivery promise is a printed one. */
  started: boolean;
  /** The print to add (capitals, spaces collapsed); null: none, or not valid yet. */
  print: Print | null;
  nameError: string | null;
  numberError: string | null;
  /** What the valid print adds to each piece (0 without one). */
  pricePaise: number;
}

/** A product's printing prices, in paise. */
export function offerPrices(offer: PrintOffer): PrintPrices {
  return {
    namePaise: rupeesToPaise(offer.name_price),
    numberPaise: rupeesToPaise(offer.number_price),
    patchPaise: offer.patch_price === null ? null : rupeesToPaise(offer.patch_price),
  };
}

/** The number box's text as the contract's number: '' is none, anything but digits is refused. */
function parseNumber(text: string): { value: number | null; error: string | null } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, error: null };
  if (!/^\d+$/.test(trimmed)) return { value: null, error: PRINT_NUMBER_ERROR };
  const value = Number(trimmed);
  const error = printNumberProblem(value);
  return error ? { value: null, error } : { value, error: null };
}

/**
 * Checks the form by the contract's rule (the helpers PrintInput applies; zod stays out of the
 * browser) and prices it from the product's offer.
 */
export function checkPrintDraft(draft: PrintDraft, offer: PrintOffer): PrintCheck {
  const name = printedName(draft.name);
  const nameError = printNameProblem(name);
  const number = parseNumber(draft.number);
  const patch = draft.patch && offer.patch_price !== null;
  const started = name !== '' || draft.number.trim() !== '' || patch;
  const none: PrintCheck = {
    started,
    print: null,
    nameError,
    numberError: number.error,
    pricePaise: 0,
  };
  if (!started || nameError || number.error) return none;
  const print: Print = { name, number: number.value, patch };
  const price = printPricePaise(offerPrices(offer), print);
  return price.ok ? { ...none, print, pricePaise: price.paise } : none;
}

/** A cart line's print: what is printed and its price per piece, in rupees. */
export function cartPrintOf(print: Print, pricePaise: number): CartPrint {
  return { ...print, price: paiseToRupees(pricePaise) };
}

/**
 * What the product page adds with a piece: the form as typed, its check, and the cart line's
 * print. The printing section makes it, so that the page itself carries none of the print's
 * rules (they load with the section, decision 086).
 */
export interface PrintChoice {
  draft: PrintDraft;
  check: PrintCheck;
  /** The print with its price per piece; null: none, or not valid yet. */
  cartPrint: CartPrint | null;
}

export function choosePrint(draft: PrintDraft, offer: PrintOffer): PrintChoice {
  const check = checkPrintDraft(draft, offer);
  const cartPrint = check.print ? cartPrintOf(check.print, check.pricePaise) : null;
  return { draft, check, cartPrint };
}
