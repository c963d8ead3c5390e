// The WhatsApp templates (decision 066) as Meta approves them and a shopper reads them: one
// parameter for each {{n}}, none at the start or end of a body (Meta refuses those), and the
// words each event's data fills in.
import { describe, expect, it } from 'vitest';
import { orderMailData } from '../test/outbox.js';
import { WHATSAPP_TEMPLATES, whatsappMessageOf } from './whatsapp-templates.js';

const filled = (text: string, params: string[]) =>
  text.replace(/\{\{(\d+)\}\}/g, (_m, n: string) => params[Number(n) - 1]!);

describe('the WhatsApp templates', () => {
  it.each(Object.entries(WHATSAPP_TEMPLATES))(
    '%s fills every {{n}} and starts and ends in words',
    (_event, t) => {
      const placeholders = [...new Set(t!.text.match(/\{\{\d+\}\}/g))];
      expect(placeholders).toEqual(placeholders.map((_, i) => `{{${i + 1}}}`));
      expect(t!.text).not.toMatch(/^\s*\{\{|\}\}\s*$/);
      expect(t!.name).toMatch(/^[a-z0-9_]{1,512}$/);
      const o = orderMailData({
        extra: {
          hours: 24,
          confirm_url: 'https://shop.example/confirmOrder/41?token=abc',
          refund_paise: 129_900,
        },
      });
      expect(t!.params(o)).toHaveLength(placeholders.length);
    },
  );

  it('says a shipped order’s courier, AWB and tracking link', () => {
    const o = orderMailData({
      courier_name: 'Delhivery',
      tracking_id: '1490000123',
      tracking_link: 'https://www.delhivery.com/track/package/1490000123',
    });
    const m = whatsappMessageOf('order-shipped', o)!;
    expect(filled(WHATSAPP_TEMPLATES['order-shipped']!.text, m.data.body)).toBe(
      'Hello Asha Menon, your Kitroom order #41 has shipped with Delhivery. Tracking number (AWB): 1490000123. Track it here: https://www.delhivery.com/track/package/1490000123 — thank you for shopping with Kitroom.',
    );
    expect(m.data.button).toBe('reviewOrdersDetails/41');
  });

  it('says a refund in rupees, and links a COD order to its confirmation', () => {
    const refund = whatsappMessageOf(
      'order-refunded',
      orderMailData({ extra: { refund_paise: 129_900 } }),
    )!;
    expect(refund.data.body).toEqual(['Asha Menon', '₹1,299', '41']);
    const cod = whatsappMessageOf(
      'cod-confirm',
      orderMailData({
        extra: { hours: 1, confirm_url: 'https://shop.example/confirmOrder/41?token=a%2Fb' },
      }),
    )!;
    expect(cod.data.body).toEqual(['Asha Menon', '41', '₹3,957', '1 hour']);
    expect(cod.data.button).toBe('confirmOrder/41?token=a%2Fb');
  });

  it('sends nothing on WhatsApp for a cancellation (mail only)', () => {
    expect(whatsappMessageOf('order-canceled', orderMailData())).toBeNull();
  });
});
