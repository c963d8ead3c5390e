// The winner's mail when staff draw a giveaway (decision 050): they won, and how the shop
// will reach them.
import { z } from 'zod';
import { SHOP_NAME } from '../mail/index.js';
import type { MailContent } from '../notifications/index.js';
import { mailTemplate } from '../notifications/index.js';

export const GiveawayWonData = z.object({
  /** The winner's name, to greet. */
  name: z.string(),
  title: z.string(),
  /** The giveaway's page, absolute. */
  giveaway_url: z.string().url(),
});
export type GiveawayWonData = z.infer<typeof GiveawayWonData>;

export function giveawayWonMail(d: GiveawayWonData): MailContent {
  return {
    subject: `${SHOP_NAME}: you won ${d.title}`,
    preview: `You are the winner of ${d.title}.`,
    heading: 'You won!',
    blocks: [
      { kind: 'text', text: `Hello ${d.name},` },
      {
        kind: 'text',
        text: `Your entry was drawn as the winner of ${d.title}. Congratulations!`,
      },
      {
        kind: 'text',
        text: 'Reply to this mail with your delivery address and phone number within 7 days and we will send your prize.',
      },
      { kind: 'link', label: 'See the giveaway', href: d.giveaway_url },
    ],
  };
}

/** Staff drew the shopper's entry as a giveaway's winner. */
export const giveawayWon = mailTemplate(
  'giveaway-won',
  'shopper',
  GiveawayWonData,
  giveawayWonMail,
);
