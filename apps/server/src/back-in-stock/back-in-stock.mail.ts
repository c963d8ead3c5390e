// The mail to an address waiting for a size: it is back, with a link to the product with the
// size chosen. Written by the database's trigger (migration 0020), hence the plain data.
import { z } from 'zod';
import { SHOP_NAME } from '../mail/index.js';
import type { MailContent } from '../notifications/index.js';
import { mailTemplate } from '../notifications/index.js';

export const BackInStockData = z.object({
  product_id: z.number().int().positive(),
  name: z.string(),
  size: z.string(),
});
export type BackInStockData = z.infer<typeof BackInStockData>;

/** The product page with the size chosen. */
export const productLink = (publicUrl: string, d: BackInStockData) =>
  `${publicUrl.replace(/\/$/, '')}/product/${d.product_id}?size=${encodeURIComponent(d.size)}`;

export function backInStockMail(d: BackInStockData, publicUrl: string): MailContent {
  return {
    subject: `${SHOP_NAME}: ${d.name} is back in size ${d.size}`,
    preview: `Size ${d.size} is back in stock.`,
    heading: `Size ${d.size} is back`,
    blocks: [
      {
        kind: 'text',
        text: `${d.name} is back in stock in size ${d.size}. Sizes sell out fast after a restock, so we are telling you at once.`,
      },
      { kind: 'link', label: `See ${d.name} in ${d.size}`, href: productLink(publicUrl, d) },
      {
        kind: 'text',
        text: 'You asked us to tell you once; this is that mail, and we will not write again about this size.',
      },
    ],
  };
}

/** A size the address waited for is back (written by the database's trigger, migration 0020). */
export const backInStock = mailTemplate(
  'back-in-stock',
  'shopper',
  BackInStockData,
  backInStockMail,
);
