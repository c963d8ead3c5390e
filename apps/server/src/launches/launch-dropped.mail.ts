// The mail to a fan who pressed "Notify me when it drops": the launch is on, with its
// products and rules (decision 070). Written once per fan and launch, at the start.
import { formatRupees, istDateTime, paiseToRupees } from '@kitroom/contract';
import { z } from 'zod';
import { SHOP_NAME } from '../mail/index.js';
import type { MailContent, WhatsAppTemplate } from '../notifications/index.js';
import { mailTemplate } from '../notifications/index.js';

export const LaunchDroppedData = z.object({
  name: z.string(),
  launch: z.string(),
  starts_at: z.string(),
  per_fan_limit: z.number().int(),
  cod: z.boolean(),
  products: z.array(z.object({ id: z.number().int(), name: z.string(), price_paise: z.number() })),
});
export type LaunchDroppedData = z.infer<typeof LaunchDroppedData>;

export function launchDroppedMail(d: LaunchDroppedData, publicUrl: string): MailContent {
  const base = publicUrl.replace(/\/$/, '');
  const [first] = d.products;
  return {
    subject: `${SHOP_NAME}: ${d.launch} is on sale now`,
    preview: `${d.launch} dropped ${istDateTime(d.starts_at)}.`,
    heading: `${d.launch} is on sale`,
    blocks: [
      { kind: 'text', text: `Hello ${d.name},` },
      {
        kind: 'text',
        text: `You asked us to tell you when ${d.launch} drops: it is on sale now. Stock is limited and goes to the fans who pay first.`,
      },
      {
        kind: 'facts',
        rows: d.products.map((p) => ({
          label: p.name,
          value: formatRupees(paiseToRupees(p.price_paise)),
          href: `${base}/product/${p.id}`,
        })),
      },
      {
        kind: 'text',
        text: `Each fan may buy ${d.per_fan_limit} ${d.per_fan_limit === 1 ? 'piece' : 'pieces'} of each size.${d.cod ? '' : ' Pay online: cash on delivery is off for this launch.'}`,
      },
      ...(first
        ? [
            {
              kind: 'link' as const,
              label: `Shop ${first.name}`,
              href: `${base}/product/${first.id}`,
            },
          ]
        : []),
      {
        kind: 'text',
        text: 'This is the one mail you asked for about this launch.',
      },
    ],
  };
}

/** A launch a fan asked to hear about has started. */
export const launchDropped = mailTemplate(
  'launch-dropped',
  'shopper',
  LaunchDroppedData,
  launchDroppedMail,
);

/**
 * The same news on WhatsApp, for a fan opted in to WhatsApp updates when it drops (the box told
 * them so when they pressed Notify me). The owner registers it with these words beside the
 * order templates (docs/owners-guide.md).
 */
export const LAUNCH_DROPPED_WHATSAPP: WhatsAppTemplate<LaunchDroppedData> = {
  name: 'kitroom_launch_dropped',
  text: `Hello {{1}}, {{2}} is on sale now at ${SHOP_NAME}, as you asked us to tell you. Each fan may buy {{3}} of each size while stock lasts.`,
  buttonLabel: 'Shop the launch',
  params: (d) => [
    d.name,
    d.launch,
    d.per_fan_limit === 1 ? '1 piece' : `${d.per_fan_limit} pieces`,
  ],
  button: (d) => (d.products[0] ? `product/${d.products[0].id}` : ''),
};
