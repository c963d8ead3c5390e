// The staff's morning mail: paid orders waiting to be packed or shipped, oldest first.
import { SHOP_NAME } from '../mail/index.js';
import type { MailContent } from './mail-content.js';
import { formatDay, formatIndianDateTime } from './mail-format.js';
import type { StaffDigestData } from './templates.js';

const STATE_TEXT = { 'to-pack': 'To pack', 'to-ship': 'Packed, to ship' } as const;

const ordersText = (n: number) => (n === 1 ? '1 order' : `${n} orders`);

export function staffDigestMail(d: StaffDigestData): MailContent {
  const waiting = ordersText(d.total);
  const more = d.total - d.orders.length;
  return {
    subject: `${SHOP_NAME}: ${waiting} waiting to ship — ${formatDay(d.day)}`,
    preview: `${waiting} paid and waiting to be packed or shipped.`,
    heading: `${waiting} waiting to ship`,
    blocks: [
      { kind: 'text', text: `Good morning ${d.name},` },
      {
        kind: 'text',
        text: `${d.total === 1 ? 'This paid order is' : `These ${d.total} paid orders are`} waiting to be packed or shipped, oldest first:`,
      },
      {
        kind: 'table',
        head: ['Order', 'Paid', 'Items', 'State'],
        rows: d.orders.map((o) => [
          `#${o.id}`,
          formatIndianDateTime(new Date(o.paid_at)),
          o.items === 1 ? '1 item' : `${o.items} items`,
          STATE_TEXT[o.state],
        ]),
      },
      ...(more > 0
        ? [{ kind: 'text' as const, text: `… and ${ordersText(more)} more in the back office.` }]
        : []),
      { kind: 'link', label: 'Open the orders in the back office', href: d.admin_url },
    ],
  };
}
