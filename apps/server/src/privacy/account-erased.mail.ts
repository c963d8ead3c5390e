// The shopper's mail confirming their account's erasure, sent to the address it had.
import { z } from 'zod';
import { SHOP_NAME } from '../mail/index.js';
import type { MailContent } from '../notifications/index.js';
import { mailTemplate } from '../notifications/index.js';

export const AccountErasedData = z.object({
  /** The name the account had, to greet the shopper by. */
  name: z.string(),
  /** Orders kept with their tax invoices (GST records), by number. */
  kept_orders: z.array(z.number().int()),
  privacy_url: z.string().url(),
});
export type AccountErasedData = z.infer<typeof AccountErasedData>;

export function accountErasedMail(d: AccountErasedData): MailContent {
  const kept =
    d.kept_orders.length === 0
      ? 'No order of yours had a tax invoice, so no name or address of yours is kept.'
      : `The tax invoices of order${d.kept_orders.length === 1 ? '' : 's'} ${d.kept_orders
          .map((id) => `#${id}`)
          .join(
            ', ',
          )} keep the name and delivery address printed on them for 72 months, as the GST law requires; then they are deleted too.`;
  return {
    subject: `${SHOP_NAME}: your account has been deleted`,
    preview: 'Your profile, address, cart and login are gone.',
    heading: 'Your account has been deleted',
    blocks: [
      { kind: 'text', text: `Hello ${d.name},` },
      {
        kind: 'text',
        text: 'As you asked, we have deleted your Kitroom account: your profile, saved address, cart, wholesale application and feedback are gone, you have been logged out everywhere, and your reviews are now signed “a Kitroom shopper”.',
      },
      { kind: 'text', text: kept },
      {
        kind: 'text',
        text: 'You may register again with this email address at any time; it will be a new account.',
      },
      { kind: 'link', label: 'Read our privacy policy', href: d.privacy_url, quiet: true },
    ],
  };
}

/** The shopper's account was erased: sent to the address it had. */
export const accountErased = mailTemplate(
  'account-erased',
  'shopper',
  AccountErasedData,
  accountErasedMail,
);
