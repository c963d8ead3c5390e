// Every mail template, as a shopper or a staff member receives it: written to the outbox,
// sent by the worker over SMTP, and read back with mailparser (subject, HTML and text).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/index.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { enqueueOne, orderMailData } from '../test/outbox.js';
import { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from '../test/smtp.js';
import { formatDay, formatIndianDate, formatIndianDateTime, rupees } from './mail-format.js';
import { MAIL_TEMPLATES, type MailTemplate } from '../outbox.js';

let smtp: SmtpCatcher;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.example' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const ORDER_URL = 'https://shop.example/reviewOrdersDetails/41';
const CONTACT =
  'Questions? Write to support@kitroom.in or call +91 495 272 1100, Monday to Saturday, 10 AM to 8 PM (closed Sunday).';
const shipped = {
  courier_name: 'Delhivery',
  tracking_id: 'DLV123456789IN',
  tracking_link: 'https://track.example/DLV123456789IN',
};

let n = 0;
/** Sends one message of the template through the outbox and returns the mail received. */
async function mailOf(template: MailTemplate, data: object): Promise<CaughtMail> {
  n += 1;
  const to = `template-${n}@example.com`;
  await enqueueOne(t.db, template, to, data);
  expect(await t.drainOutbox()).toMatchObject({ sent: 1, dead: 0 });
  return smtp.takeMail(to);
}

/** HTML as a reader sees its words: tags dropped, entities and spaces read back. */
function htmlWords(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

interface Case {
  template: MailTemplate;
  data: object;
  subject: string;
  /** In both the text and the HTML's words. */
  says: string[];
  /** Links the HTML carries. */
  links: string[];
  /** What must exist for the mail to be due when sent (a cart reminder's row). */
  before?: () => Promise<void>;
}

/** A cart reminder's row (id 41) for a consenting shopper who has not ordered. */
async function cartReminderRow() {
  const [user] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO users (name, email, phone_number, password_hash)
        VALUES ('Asha Menon', 'reminded@example.com', '9876543210', '!') RETURNING id`,
  );
  await t.db.execute(
    sql`INSERT INTO recovery_consents (user_id, wording, given_at)
        VALUES (${user!.id}, 'yes', now())`,
  );
  await t.db.execute(
    sql`INSERT INTO cart_reminders (id, user_id, cart_key, reached_at, token_hash)
        VALUES (41, ${user!.id}, 'k', now(), 'h')`,
  );
}

const CASES: Case[] = [
  {
    template: 'order-confirmed',
    data: orderMailData(),
    subject: 'Kitroom order #41 is confirmed',
    says: [
      'Hello Asha Menon,',
      'We have received your payment of ₹3,957 for order #41.',
      'Kerala Blasters Home Jersey 2024 — Printed: LUNA · 10',
      '₹2,598',
      '−₹200',
      '₹3,957',
      'Asha Menon, 12 Beach Road, Kozhikode, Kerala 673001, 9876543210',
      CONTACT,
    ],
    links: [ORDER_URL, 'https://shop.example'],
  },
  {
    template: 'order-paid-too-late',
    data: orderMailData({ extra: { reason: 'India Away Jersey 2026 in size L is sold out.' } }),
    subject: 'Kitroom order #41 was canceled — refund on its way',
    says: [
      "reached us after the order's hold on its items had ended, and since then: India Away Jersey 2026 in size L is sold out.",
      'Your refund of ₹3,957 will be processed within 7 days.',
      CONTACT,
    ],
    links: [ORDER_URL],
  },
  {
    template: 'order-shipped',
    data: orderMailData({ ...shipped, expected_date: '2026-12-03' }),
    subject: 'Kitroom order #41 has shipped',
    says: ['Good news: order #41 has shipped.', 'Delhivery', 'DLV123456789IN', 'Thu, 3 Dec 2026'],
    links: [shipped.tracking_link, ORDER_URL],
  },
  {
    template: 'order-delivered',
    data: orderMailData(),
    subject: 'Kitroom order #41 was delivered',
    says: ['Order #41 was delivered.', 'within 7 days of delivery', '₹3,957'],
    links: [ORDER_URL],
  },
  {
    template: 'order-canceled',
    data: orderMailData({
      extra: { reason: 'Changed my mind', refund_paise: 395_700, canceled_by: 'shopper' },
    }),
    subject: 'Kitroom order #41 was canceled',
    says: [
      'As you asked, we have canceled order #41.',
      'Changed my mind',
      'We are refunding ₹3,957 to the way you paid.',
    ],
    links: [ORDER_URL],
  },
  {
    template: 'order-refunded',
    data: orderMailData({ extra: { refund_paise: 100_000, refunded_total_paise: 150_050 } }),
    subject: 'Kitroom order #41 — refund of ₹1,000 processed',
    says: ['We have refunded ₹1,000 for order #41', '₹1,500.50 of ₹3,957'],
    links: [ORDER_URL],
  },
  {
    template: 'return-decided',
    data: orderMailData({
      extra: {
        kind: 'exchange',
        approved: true,
        note: 'Please hand the parcel to the courier on Friday.',
        items: [
          { name: 'Kerala Blasters Home Jersey 2024', size: 'M', quantity: 1, new_size: 'L' },
        ],
        send_to: 'Kitroom Sportswear, 2nd Floor, Mavoor Road, Kozhikode, Kerala 673004',
      },
    }),
    subject: 'Kitroom order #41 — your size exchange is approved',
    says: [
      'We have approved your size exchange request for order #41.',
      'M → L',
      'Please hand the parcel to the courier on Friday.',
      'Send the parcel to',
      'Kitroom Sportswear, 2nd Floor, Mavoor Road, Kozhikode, Kerala 673004',
      'Write order #41 on the parcel',
      'we will ship the new size',
    ],
    links: [ORDER_URL],
  },
  {
    template: 'return-pickup-booked',
    data: orderMailData({ extra: { kind: 'return', ...shipped } }),
    subject: 'Kitroom order #41 — the pickup of your return is booked',
    says: [
      'Delhivery will collect the parcel of your return for order #41 in the next few days.',
      'The courier brings the label',
      'DLV123456789IN',
      'Collecting from',
      'write order #41 on the parcel',
    ],
    links: [shipped.tracking_link, ORDER_URL],
  },
  {
    template: 'exchange-shipped',
    data: orderMailData({ extra: { ...shipped, expected_date: '2026-09-15' } }),
    subject: 'Kitroom order #41 — your replacement has shipped',
    says: ['The new size for order #41 has shipped.', 'DLV123456789IN', 'Tue, 15 Sept 2026'],
    links: [shipped.tracking_link, ORDER_URL],
  },
  {
    template: 'order-out-for-delivery',
    data: orderMailData(shipped),
    subject: 'Kitroom order #41 is out for delivery',
    says: ['Order #41 is out for delivery and should reach you today.', 'DLV123456789IN'],
    links: [shipped.tracking_link, ORDER_URL],
  },
  {
    template: 'order-delivery-failed',
    data: orderMailData({ ...shipped, extra: { reason: 'Consignee not available' } }),
    subject: 'Kitroom order #41 could not be delivered',
    says: [
      'The courier could not deliver order #41 today.',
      'Consignee not available',
      'We will ask them to try again.',
    ],
    links: [shipped.tracking_link, ORDER_URL],
  },
  {
    template: 'cod-confirm',
    data: orderMailData({
      cod_fee_paise: 4_900,
      total_paise: 400_600,
      extra: { confirm_url: 'https://shop.example/confirmOrder/41?token=abc123', hours: 24 },
    }),
    subject: 'Kitroom order #41 needs your confirmation',
    says: [
      'Hello Asha Menon,',
      'You chose cash on delivery: you will pay ₹4,006 to the courier.',
      'Please confirm the order within 24 hours',
      'Confirm my order',
      'Cash on delivery fee',
      '₹49',
      'Did not order this?',
    ],
    links: ['https://shop.example/confirmOrder/41?token=abc123', ORDER_URL],
  },
  {
    template: 'staff-digest',
    data: {
      name: 'Fathima',
      day: '2026-12-03',
      admin_url: 'https://shop.example/admin/orders?status=to-pack',
      total: 3,
      orders: [
        { id: 7, paid_at: '2026-12-01T15:35:00.000Z', items: 3, state: 'to-ship' },
        { id: 9, paid_at: '2026-12-02T18:30:00.000Z', items: 1, state: 'to-pack' },
      ],
    },
    subject: 'Kitroom: 3 orders waiting to ship — Thu, 3 Dec 2026',
    says: [
      'Good morning Fathima,',
      '#7',
      'Tue, 1 Dec 2026, 9:05 pm',
      '3 items',
      'Packed, to ship',
      'Thu, 3 Dec 2026, 12:00 am',
      '1 item',
      'To pack',
      '… and 1 order more in the back office.',
    ],
    links: ['https://shop.example/admin/orders?status=to-pack'],
  },
  {
    template: 'account-erased',
    data: {
      name: 'Asha Menon',
      kept_orders: [12, 15],
      privacy_url: 'https://shop.example/privacyPolicy',
    },
    subject: 'Kitroom: your account has been deleted',
    says: [
      'Hello Asha Menon,',
      'we have deleted your Kitroom account',
      'orders #12, #15 keep the name and delivery address printed on them for 72 months',
      'You may register again with this email address',
    ],
    links: ['https://shop.example/privacyPolicy'],
  },
  {
    template: 'cart-reminder',
    before: cartReminderRow,
    data: {
      reminder_id: 41,
      name: 'Asha Menon',
      lines: [
        {
          name: 'Kerala Blasters Home Jersey 2024',
          size: 'M',
          quantity: 2,
          line_paise: 259_800,
          image_url: 'https://shop.example/images/products/kb-home.webp',
          print: 'Printed: LUNA · 10',
        },
      ],
      total_paise: 259_800,
      cart_url: 'https://shop.example/cart',
      unsubscribe_url: 'https://shop.example/unsubscribe/tok',
      coupon: { code: 'BACK1A2B3C4D5E', off: '10% off', ends_at: '2 Dec 2026' },
    },
    subject: 'Kitroom: your cart is waiting',
    says: [
      'Hi Asha, you reached checkout but did not place the order.',
      'Kerala Blasters Home Jersey 2024 (Printed: LUNA · 10)',
      '₹2,598',
      'BACK1A2B3C4D5E',
      '10% off',
      '2 Dec 2026',
      'This is the only mail about this cart.',
    ],
    links: ['https://shop.example/cart', 'https://shop.example/unsubscribe/tok'],
  },
  {
    template: 'back-in-stock',
    data: { product_id: 41, name: 'Kerala Blasters Home 2026', size: 'XL' },
    subject: 'Kitroom: Kerala Blasters Home 2026 is back in size XL',
    says: [
      'Kerala Blasters Home 2026 is back in stock in size XL.',
      'See Kerala Blasters Home 2026 in XL',
      'we will not write again about this size',
    ],
    links: ['https://shop.example/product/41?size=XL'],
  },
  {
    template: 'back-in-stock-confirm',
    data: {
      product_id: 41,
      name: 'Kerala Blasters Home 2026',
      size: 'XL',
      confirm_url: 'https://shop.example/confirmNotify/9?token=abc',
      hours: 48,
    },
    subject: 'Kitroom: confirm your restock alert for Kerala Blasters Home 2026',
    says: [
      'when Kerala Blasters Home 2026 is back in size XL',
      'Confirm my email',
      'The link works for 48 hours.',
    ],
    links: ['https://shop.example/confirmNotify/9?token=abc'],
  },
  {
    template: 'wholesale-decided',
    data: {
      name: 'Shameer P',
      shop_name: 'Malabar Sports',
      approved: false,
      reason: 'The GSTIN is registered in Tamil Nadu, not Kerala.',
      wholesale_url: 'https://shop.example/myAccount/WholesaleRegistration',
    },
    subject: 'Kitroom: your wholesale application',
    says: [
      'Hello Shameer P,',
      'We could not approve Malabar Sports as a wholesale buyer this time.',
      'The reason: The GSTIN is registered in Tamil Nadu, not Kerala.',
      'You may correct your details and apply again',
    ],
    links: ['https://shop.example/myAccount/WholesaleRegistration'],
  },
  {
    template: 'giveaway-won',
    data: {
      name: 'Asha Menon',
      title: 'Derby day signed jersey',
      giveaway_url: 'https://shop.example/giveaway/derby-day',
    },
    subject: 'Kitroom: you won Derby day signed jersey',
    says: [
      'Hello Asha Menon,',
      'Your entry was drawn as the winner of Derby day signed jersey.',
      'Reply to this mail with your delivery address',
    ],
    links: ['https://shop.example/giveaway/derby-day'],
  },
  {
    template: 'launch-dropped',
    data: {
      name: 'Asha Menon',
      launch: 'Malabar FC Home 26/27',
      starts_at: '2026-11-30T13:30:00.000Z',
      per_fan_limit: 2,
      cod: false,
      products: [{ id: 7, name: 'Malabar FC Home 26/27', price_paise: 129_900 }],
    },
    subject: 'Kitroom: Malabar FC Home 26/27 is on sale now',
    says: [
      'Hello Asha Menon,',
      'You asked us to tell you when Malabar FC Home 26/27 drops: it is on sale now.',
      '₹1,299',
      'Each fan may buy 2 pieces of each size. Pay online: cash on delivery is off for this launch.',
    ],
    links: ['https://shop.example/product/7'],
  },
  {
    template: 'staff-invitation',
    data: {
      name: 'Asha Menon',
      role: 'manager',
      setup_url: 'https://shop.example/admin/setup/abcdefghijklmnopqrstuvwxyz',
      expires_at: '2026-12-03T06:45:00.000Z',
      invited_by: 'Fathima',
      needs_two_factor: true,
    },
    subject: 'Kitroom: you are invited to the back office',
    says: [
      'Hello Asha Menon,',
      "Fathima invited you to Kitroom's back office as manager.",
      'add two-factor sign-in',
      'until Thu, 3 Dec 2026, 12:15 pm (Indian time)',
    ],
    links: ['https://shop.example/admin/setup/abcdefghijklmnopqrstuvwxyz'],
  },
];

describe('mail formats', () => {
  it('prints rupees the Indian way and days as India has them', () => {
    expect(rupees(12_345_600)).toBe('₹1,23,456');
    expect(rupees(129_950)).toBe('₹1,299.50');
    expect(formatDay('2026-12-03')).toBe('Thu, 3 Dec 2026');
    // 23:00 UTC on the 2nd is already the 3rd in India.
    expect(formatIndianDate(new Date('2026-12-02T23:00:00Z'))).toBe('Thu, 3 Dec 2026');
    expect(formatIndianDateTime(new Date('2026-12-02T18:30:00Z'))).toBe(
      'Thu, 3 Dec 2026, 12:00 am',
    );
    expect(formatIndianDateTime(new Date('2026-12-03T06:45:00Z'))).toBe(
      'Thu, 3 Dec 2026, 12:15 pm',
    );
  });
});

describe('each template, as received', () => {
  it('has a case here for every template', () => {
    expect(CASES.map((c) => c.template).sort()).toEqual([...MAIL_TEMPLATES].sort());
  });

  it.each(CASES)('$template: subject, rupees, dates and links in HTML and text', async (c) => {
    await c.before?.();
    const mail = await mailOf(c.template, c.data);
    expect(mail.subject).toBe(c.subject);
    expect(mail.from).toBe('no-reply@kitroom.in');
    const words = htmlWords(mail.html);
    for (const s of c.says) {
      expect(mail.text).toContain(s);
      expect(words).toContain(s);
    }
    for (const link of c.links) {
      expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
      expect(mail.text).toContain(link);
    }
    expect(mail.html).toMatch(/^<!doctype html><html lang="en">/);
    expect(mail.messageId).toMatch(/^<outbox-\d+-\d+@shop\.example>$/);
  });
});

describe('where the server runs', () => {
  it('renders under tsx from the repository root, as npm start runs the server', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const root = path.resolve(here, '../../../..');
    const script = `
      const { renderTemplate } = await import(${JSON.stringify(path.join(here, '../outbox.ts'))});
      const { orderMailData } = await import(${JSON.stringify(path.join(here, '../test/outbox.ts'))});
      const ctx = { shopName: 'Kitroom', publicUrl: 'https://x', shopperFooter: [], staffFooter: [], supportEmail: '' };
      process.stdout.write(renderTemplate('order-confirmed', orderMailData(), ctx).html);`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: root },
    );
    expect(stdout).toMatch(/^<!doctype html><html lang="en">/);
    expect(stdout).toContain('₹3,957');
  });
});

describe('what the data cannot do', () => {
  it("escapes a shopper's name and typed text in the HTML; links only http(s) addresses", async () => {
    const mail = await mailOf(
      'order-shipped',
      orderMailData({
        name: '<img src=x onerror=alert(1)>',
        courier_name: 'Blue <b>Dart</b>',
        tracking_id: 'BD1',
        tracking_link: 'javascript:alert(1)',
      }),
    );
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toContain('<b>Dart</b>');
    expect(mail.html).not.toContain('javascript:');
    expect(mail.text).toContain('Hello <img src=x onerror=alert(1)>,');
    expect(mail.text).not.toContain('Track your parcel');
  });

  it('a cancellation of an unpaid order promises no refund', async () => {
    const mail = await mailOf(
      'order-canceled',
      orderMailData({ extra: { reason: 'Out of stock', refund_paise: null, canceled_by: 'shop' } }),
    );
    expect(mail.text).toContain('We have canceled order #41.');
    expect(mail.text).toContain(
      'No payment was taken for this order, so there is nothing to refund.',
    );
    expect(mail.text).not.toContain('refunding');
  });
});

describe('the shop’s contact paragraphs', () => {
  it('are read when the mail is sent, not when it was written', async () => {
    n += 1;
    const to = `template-${n}@example.com`;
    await enqueueOne(t.db, 'order-delivered', to, orderMailData());
    await t.db.execute(sql`UPDATE shop_settings SET phone = '+91 495 200 0000' WHERE id = 1`);
    try {
      await t.drainOutbox();
      const mail = smtp.takeMail(to);
      expect(mail.text).toContain('call +91 495 200 0000');
      expect(htmlWords(mail.html)).toContain('call +91 495 200 0000');
    } finally {
      await t.db.execute(sql`UPDATE shop_settings SET phone = '+91 495 272 1100' WHERE id = 1`);
    }
  });

  it('a staff digest ends with why staff get it, not with the shop’s contact', async () => {
    const mail = await mailOf('staff-digest', {
      name: 'Ravi',
      day: '2026-12-03',
      admin_url: 'https://shop.example/admin/orders?status=to-pack',
      total: 1,
      orders: [{ id: 3, paid_at: '2026-12-02T04:00:00.000Z', items: 1, state: 'to-pack' }],
    });
    expect(mail.subject).toBe('Kitroom: 1 order waiting to ship — Thu, 3 Dec 2026');
    expect(mail.text).toContain('This paid order is waiting to be packed or shipped');
    expect(mail.text).toContain('You get this mail each morning as an owner, manager or packer');
    expect(mail.text).not.toContain('Questions?');
  });
});
