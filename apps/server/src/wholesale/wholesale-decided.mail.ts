// The applicant's mail when staff decide on their wholesale application: approved (their
// prices show once they log in) or not, with the reason and the way to apply again.
import { z } from 'zod';
import { SHOP_NAME } from '../mail/index.js';
import type { MailContent } from '../notifications/index.js';
import { mailTemplate } from '../notifications/index.js';

export const WholesaleDecidedData = z.object({
  /** The requesting person, to greet. */
  name: z.string(),
  shop_name: z.string(),
  approved: z.boolean(),
  /** The reason staff gave for a rejection. */
  reason: z.string().nullable(),
  /** The account's wholesale page. */
  wholesale_url: z.string().url(),
});
export type WholesaleDecidedData = z.infer<typeof WholesaleDecidedData>;

export function wholesaleDecidedMail(d: WholesaleDecidedData): MailContent {
  if (d.approved) {
    return {
      subject: `${SHOP_NAME}: ${d.shop_name} is approved for wholesale`,
      preview: 'Log in to see your wholesale prices.',
      heading: 'Welcome to Kitroom wholesale',
      blocks: [
        { kind: 'text', text: `Hello ${d.name},` },
        {
          kind: 'text',
          text: `We have approved ${d.shop_name} as a wholesale buyer. Log in with this account and every product shows your wholesale price, with the quantity tiers your price list gives; your orders come with a B2B tax invoice carrying your GSTIN.`,
        },
        { kind: 'link', label: 'Open your wholesale page', href: d.wholesale_url },
      ],
    };
  }
  return {
    subject: `${SHOP_NAME}: your wholesale application`,
    preview: 'Your wholesale application was not approved.',
    heading: 'Your wholesale application',
    blocks: [
      { kind: 'text', text: `Hello ${d.name},` },
      {
        kind: 'text',
        text: `We could not approve ${d.shop_name} as a wholesale buyer this time.`,
      },
      ...(d.reason ? [{ kind: 'text' as const, text: `The reason: ${d.reason}` }] : []),
      {
        kind: 'text',
        text: 'You may correct your details and apply again from your account at any time.',
      },
      { kind: 'link', label: 'Apply again', href: d.wholesale_url },
    ],
  };
}

/** Staff approved or rejected a wholesale application. */
export const wholesaleDecided = mailTemplate(
  'wholesale-decided',
  'shopper',
  WholesaleDecidedData,
  wholesaleDecidedMail,
);
