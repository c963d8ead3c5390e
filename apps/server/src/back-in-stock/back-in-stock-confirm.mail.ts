// The mail to a guest who asked to hear when a size is back: confirm the address by the link
// (single use, valid for `hours`) before anything else is sent to it (decision 047).
import { z } from 'zod';
import { SHOP_NAME } from '../mail/index.js';
import type { MailContent } from '../notifications/index.js';
import { mailTemplate } from '../notifications/index.js';

export const BackInStockConfirmData = z.object({
  product_id: z.number().int().positive(),
  name: z.string(),
  size: z.string(),
  /** The confirmation page with the one-time token, absolute. */
  confirm_url: z.string().url(),
  hours: z.number().int().positive(),
});
export type BackInStockConfirmData = z.infer<typeof BackInStockConfirmData>;

export function backInStockConfirmMail(d: BackInStockConfirmData): MailContent {
  return {
    subject: `${SHOP_NAME}: confirm your restock alert for ${d.name}`,
    preview: `Confirm to hear when size ${d.size} is back.`,
    heading: 'Confirm your email',
    blocks: [
      {
        kind: 'text',
        text: `You asked us to email this address when ${d.name} is back in size ${d.size}. Confirm it and we will write once, when the size is back.`,
      },
      { kind: 'link', label: 'Confirm my email', href: d.confirm_url },
      {
        kind: 'text',
        text: `The link works for ${d.hours} hours. If you did not ask, ignore this mail: we will not write to you about it again.`,
      },
    ],
  };
}

/** A guest's Notify me: confirm the address by the link before any back-in-stock mail. */
export const backInStockConfirm = mailTemplate(
  'back-in-stock-confirm',
  'shopper',
  BackInStockConfirmData,
  backInStockConfirmMail,
);
