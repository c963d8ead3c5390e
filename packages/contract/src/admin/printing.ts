// A product's name and number printing in the back office (decision 049): switched on or off,
// its prices (GST-inclusive paise, per piece) and the lettering colour of the kit.
import { z } from 'zod';
import { DEFAULT_PRINT_COLOUR } from '../printing.js';
import { MAX_PRICE_PAISE } from './product-fields.js';

const printPaise = (field: string) =>
  z
    .number({ error: `${field} must be a number of paise` })
    .int(`${field} must be a whole number of paise`)
    .min(0, `${field} must be zero or more`)
    .max(MAX_PRICE_PAISE, `${field} must be at most ₹10,00,000`);

export const PrintColour = z
  .string({ error: 'colour must be text' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'colour must be a colour like #FFFFFF')
  .transform((c) => c.toUpperCase());

const printingFields = {
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  name_paise: printPaise('name_paise'),
  number_paise: printPaise('number_paise'),
  /** null: no sleeve patch offered. */
  patch_paise: printPaise('patch_paise').nullable(),
};

/** The whole printing of a product, as staff save it (the colour in capitals). */
export const ProductPrintingRequest = z.object({ ...printingFields, colour: PrintColour });
export type ProductPrintingRequest = z.input<typeof ProductPrintingRequest>;

/** The printing of a product, as the product form shows it. */
export const ProductPrinting = z.object({ ...printingFields, colour: z.string() });
export type ProductPrinting = z.infer<typeof ProductPrinting>;

/** What a product without a printing row shows: off, no prices yet, white letters. */
export const NO_PRINTING: ProductPrinting = {
  enabled: false,
  name_paise: 0,
  number_paise: 0,
  patch_paise: null,
  colour: DEFAULT_PRINT_COLOUR,
};
