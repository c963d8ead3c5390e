import type { AdminOrderResponse } from '@kitroom/contract/admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const returned: AdminOrderResponse = {
  order: {
    id: 42,
    created_at: '2026-11-20T05:30:00.000Z',
    paid_at: '2026-11-20T05:31:00.000Z',
    status: 'Completed',
    stage: 'completed',
    payment_status: 'SUCCESS',
    payment_method: 'Online',
    subtotal_paise: 389_700,
    shipping_paise: 6000,
    discount_paise: 0,
    total_paise: 395_700,
    coupon_code: null,
    packed_at: null,
    shipped_at: '2026-11-21T05:30:00.000Z',
    delivered_at: '2026-11-23T05:30:00.000Z',
    canceled_at: null,
    cancel_reason: null,
    courier_name: 'Delhivery',
    tracking_id: 'DLV42',
    tracking_link: null,
    expected_date: null,
    eway_bill_number: null,
    wholesale_buyer: null,
  },
  customer: null,
  address: {
    name: 'Asha Menon',
    street: '12 Beach Road',
    city: 'Kozhikode',
    state: 'Kerala',
    pincode: '673001',
    phone: '9876543210',
  },
  lines: [
    {
      id: 1,
      product_id: 9,
      name: 'Kerala Blasters Home',
      image_url: 'images/products/kbfc.webp',
      size: 'M',
      quantity: 3,
      unit_price_paise: 129_900,
      line_total_paise: 389_700,
    },
  ],
  payments: [],
  refunds: [],
  refundable_paise: 265_800,
  ledger: null,
  returns: [],
  events: [],
  whatsapp: [],
  actions: [],
  invoice: {
    number: 'KR/26-27/000123',
    issued_at: '2026-11-21T05:30:00.000Z',
    total_paise: 395_700,
  },
  invoice_problems: [],
  e_invoice: null,
  eway_bill_needed: null,
  e_way_bill: null,
};

describe('the order page’s invoice and credit notes', () => {
  it('lists the credit notes under the invoice, each with its PDF', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('support')) },
      'GET /api/admin/orders/42': { body: returned },
      'GET /api/admin/orders/42/credit-notes': {
        body: {
          credit_notes: [
            {
              id: 7,
              number: 'CN/26-27/000007',
              issued_at: '2026-11-25T06:00:00.000Z',
              reason: 'Return #3 received',
              return_id: 3,
              total_paise: 129_900,
              irn_status: null,
            },
          ],
        },
      },
    });
    renderAdmin('/orders/42');
    const card = within(
      await screen.findByRole('region', { name: 'Invoice and credit notes' }, { timeout: 5000 }),
    );
    expect(card.getByText('Invoice KR/26-27/000123')).toBeTruthy();
    expect(await card.findByText('Credit note CN/26-27/000007')).toBeTruthy();
    expect(card.getByText(/−₹1,299 · Return #3 received/)).toBeTruthy();
    expect(
      card.getByRole('link', { name: 'Download credit note CN/26-27/000007' }).getAttribute('href'),
    ).toBe('/api/admin/credit-notes/7');
  }, 15_000);
});
