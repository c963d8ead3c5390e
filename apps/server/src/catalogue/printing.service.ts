// Name and number printing (decision 049): staff set it per product; the cart and checkout
// price a line's print from these rows only, never from what the browser sends.
import { NO_PRINTING, type ProductPrinting } from '@kitroom/contract/admin';
import { paiseToRupees, printPricePaise, type Print, type PrintOffer } from '@kitroom/contract';
import type { Db, Queryable } from '../db/index.js';
import { Invalid, NotFound } from '../domain-errors.js';
import { record, type Actor } from '../staff/index.js';
import * as products from './products-admin.queries.js';
import * as q from './printing.queries.js';

export const NO_PRINTING_HERE = 'print: this shirt is not offered with name and number printing';

function settingsOf(row: q.PrintingRow | undefined): ProductPrinting {
  if (!row) return NO_PRINTING;
  return {
    enabled: row.enabled,
    name_paise: row.name_paise,
    number_paise: row.number_paise,
    patch_paise: row.patch_paise,
    colour: row.colour,
  };
}

/** The product's printing as the back office shows it (off when never set). */
export async function productPrinting(db: Queryable, productId: number): Promise<ProductPrinting> {
  return settingsOf(await q.printingOf(db, productId));
}

/** Staff switch printing on or off and set its prices; audited as product 'printing'. */
export async function setPrinting(
  db: Db,
  actor: Actor,
  productId: number,
  body: ProductPrinting,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await products.findProduct(tx, productId, true))) {
      throw new NotFound('No product has this id.');
    }
    const before = settingsOf(await q.printingOf(tx, productId, true));
    await q.savePrinting(tx, { product_id: productId, ...body });
    await record(tx, actor, {
      entity: 'product',
      entityId: productId,
      action: 'printing',
      before,
      after: body,
    });
  });
}

/** What product.php shows of a product's printing: null when it is off. */
export function offerOf(row: q.PrintingRow | undefined): PrintOffer | null {
  if (!row?.enabled) return null;
  return {
    name_price: paiseToRupees(row.name_paise),
    number_price: paiseToRupees(row.number_paise),
    patch_price: row.patch_paise === null ? null : paiseToRupees(row.patch_paise),
    colour: row.colour,
  };
}

/** The storefront's offer of one product (null: no printing). */
export async function printOffer(db: Queryable, productId: number): Promise<PrintOffer | null> {
  const [row] = await q.enabledPrinting(db, [productId]);
  return offerOf(row);
}

type PrintLine = { productId: number; productName?: string; print: Print | null };
type Priced = { ok: true; paise: number } | { ok: false; error: string };

/**
 * The price per piece of each line's print (0 for a line without one), from the products' own
 * printing, or why the line cannot have it: a product without printing, a patch it does not
 * offer (naming the product when its name is given).
 */
export async function checkPrints(db: Queryable, lines: readonly PrintLine[]): Promise<Priced[]> {
  const printed = [...new Set(lines.filter((l) => l.print).map((l) => l.productId))];
  const rows = new Map((await q.enabledPrinting(db, printed)).map((row) => [row.product_id, row]));
  return lines.map((l): Priced => {
    if (!l.print) return { ok: true, paise: 0 };
    const named = l.productName ? ` (${l.productName})` : '';
    const row = rows.get(l.productId);
    if (!row) return { ok: false, error: `${NO_PRINTING_HERE}${named}.` };
    const price = printPricePaise(
      { namePaise: row.name_paise, numberPaise: row.number_paise, patchPaise: row.patch_paise },
      l.print,
    );
    return price.ok ? price : { ok: false, error: `${price.error}${named}.` };
  });
}

/** As checkPrints, refusing the first line that cannot have its print. */
export async function printPrices(db: Queryable, lines: readonly PrintLine[]): Promise<number[]> {
  return (await checkPrints(db, lines)).map((priced) => {
    if (!priced.ok) throw new Invalid(priced.error);
    return priced.paise;
  });
}
