import type { AdminOrderResponse, StaffRole } from '@kitroom/contract/admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

function order(o: Partial<AdminOrderResponse['order']> = {}): AdminOrderResponse {
  return {
    order: {
      id: 42,
      created_at: '2026-11-24T05:30:00.000Z',
      paid_at: '2026-11-24T05:31:00.000Z',
      status: 'Processing',
      stage: 'processing',
      payment_status: 'SUCCESS',
      payment_method: 'Online',
      subtotal_paise: 259_800,
      shipping_paise: 6000,
      discount_paise: 25_980,
      total_paise: 239_820,
      coupon_code: 'WELCOME10',
      packed_at: null,
      shipped_at: null,
      delivered_at: null,
      canceled_at: null,
      cancel_reason: null,
      courier_name: null,
      tracking_id: null,
      tracking_link: null,
      expected_date: null,
      eway_bill_number: null,
      wholesale_buyer: null,
      ...o,
    },
    customer: { id: 3, name: 'Asha M', email: 'asha@example.com', phone: '9876543210' },
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
        size: 'L',
        quantity: 2,
        unit_price_paise: 129_900,
        line_total_paise: 259_800,
      },
    ],
    payments: [
      {
        id: 5,
        provider: 'sandbox',
        provider_ref: 'sbx_42',
        provider_payment_id: 'pay_42',
        status: 'paid',
        amount_paise: 239_820,
        created_at: '2026-11-24T05:30:10.000Z',
        updated_at: '2026-11-24T05:31:00.000Z',
      },
    ],
    refunds: [],
    refundable_paise: 239_820,
    ledger: {
      entries: [
        {
          kind: 'charged',
          purpose: 'order',
          amount_paise: 239_820,
          at: '2026-11-24T05:30:00.000Z',
          payment_id: null,
          refund_id: null,
          method: 'Online',
          reference: null,
          status: null,
        },
        {
          kind: 'captured',
          purpose: 'payment',
          amount_paise: 239_820,
          at: '2026-11-24T05:31:00.000Z',
          payment_id: 5,
          refund_id: null,
          method: 'sandbox',
          reference: 'pay_42',
          status: 'paid',
        },
      ],
      kept_paise: 239_820,
      expected_paise: 239_820,
      balanced: true,
      because: 'It is paid, so it keeps its total.',
    },
    returns: [],
    events: [
      {
        id: 1,
        type: 'placed',
        actor: 'shopper',
        staff_name: null,
        note: '',
        data: {},
        created_at: '2026-11-24T05:30:00.000Z',
      },
      {
        id: 2,
        type: 'paid',
        actor: 'provider',
        staff_name: null,
        note: '',
        data: {},
        created_at: '2026-11-24T05:31:00.000Z',
      },
    ],
    whatsapp: [],
    actions: ['pack', 'ship', 'cancel'],
    invoice: null,
    invoice_problems: [],
    e_invoice: null,
    eway_bill_needed: null,
    e_way_bill: null,
  };
}

const NO_SHIPMENTS = {
  couriers: ['manual'],
  default_courier: 'manual',
  parcel: { weight_grams: 300, length_cm: 30, breadth_cm: 25, height_cm: 3 },
  shipments: [],
};

function setUp(role: StaffRole, data = order(), more: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /api/admin/me': { body: signedInAs(staffMember(role, { name: 'Ravi' })) },
    'GET /api/admin/orders/42': { body: data },
    'GET /api/admin/orders/42/shipments': { body: NO_SHIPMENTS },
    ...more,
  });
  renderAdmin('/orders/42');
  return api;
}

const loaded = () => screen.findByRole('heading', { name: 'Order #42' }, { timeout: 5000 });

describe('the order page', () => {
  it("shows the order's money ledger and says whether it balances", async () => {
    setUp('manager');
    await loaded();
    const money = screen.getByRole('region', { name: 'Money' });
    within(money).getByText('Payment captured');
    within(money).getByText('+₹2,398.20');
    expect(within(money).getByTestId('ledger-balance').textContent).toBe(
      'Balanced: the shop keeps ₹2,398.20. It is paid, so it keeps its total.',
    );
  });

  it('shows its WhatsApp updates: delivered, and not sent with the reason', async () => {
    const data = order();
    data.whatsapp = [
      {
        id: 7,
        template: 'kitroom_order_confirmed',
        to: '+91 98765 43210',
        status: 'delivered',
        error: null,
        created_at: '2026-11-24T05:31:00.000Z',
        status_at: '2026-11-24T05:32:00.000Z',
      },
      {
        id: 9,
        template: 'kitroom_order_shipped',
        to: '+91 98765 43210',
        status: 'not_sent',
        error: 'WhatsApp error 132001: (#132001) Template name does not exist in the translation',
        created_at: '2026-11-25T05:31:00.000Z',
        status_at: '2026-11-25T05:31:00.000Z',
      },
    ];
    setUp('support', data);
    await loaded();
    const [confirmed, shipped] = within(
      screen.getByRole('region', { name: 'WhatsApp updates' }),
    ).getAllByTestId('whatsapp-message');
    expect(confirmed!.textContent).toBe(
      'Order confirmedDelivered 24 Nov 2026, 11:02 amTo +91 98765 43210 · written 24 Nov 2026, 11:01 am',
    );
    expect(shipped!.textContent).toContain('Order shippedNot sent');
    expect(shipped!.textContent).toContain('Template name does not exist in the translation');
  });

  it('has no WhatsApp panel for an order without WhatsApp updates', async () => {
    setUp('manager');
    await loaded();
    expect(screen.queryByRole('region', { name: 'WhatsApp updates' })).toBeNull();
  });

  it('says in red when the money does not balance', async () => {
    const data = order();
    data.ledger = {
      ...data.ledger!,
      kept_paise: 479_640,
      balanced: false,
    };
    setUp('owner', data);
    await loaded();
    expect(screen.getByTestId('ledger-balance').textContent).toBe(
      'Does not balance: the shop keeps ₹4,796.40, but should keep ₹2,398.20. It is paid, so it keeps its total.',
    );
  });

  it('shows the lines, totals, label, account, payment and timeline', async () => {
    setUp('manager');
    await loaded();
    const items = within(screen.getByRole('region', { name: 'Items (2)' }));
    expect(items.getByText('Kerala Blasters Home')).toBeTruthy();
    // The line's total, and the items' subtotal.
    expect(items.getAllByText('₹2,598')).toHaveLength(2);
    expect(items.getByText('2 × ₹1,299', { exact: false })).toBeTruthy();
    expect(items.getByText('Coupon WELCOME10')).toBeTruthy();
    expect(items.getByText('−₹259.80')).toBeTruthy();
    expect(items.getByText('₹2,398.20')).toBeTruthy();
    const label = within(screen.getByRole('region', { name: 'Ship to' }));
    expect(label.getByText('Asha Menon')).toBeTruthy();
    expect(label.getByText('673001')).toBeTruthy();
    expect(screen.getByText('asha@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open customer page' }).getAttribute('href')).toBe(
      '/admin/customers/3',
    );
    expect(screen.getByText('sbx_42')).toBeTruthy();
    const timeline = within(screen.getByRole('region', { name: 'Timeline' }));
    expect(timeline.getByText('Placed')).toBeTruthy();
    expect(timeline.getByText(/the payment provider/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Packing slip' }).getAttribute('href')).toBe(
      '/api/admin/orders/packing-slips?ids=42',
    );
    expect(screen.getByRole('button', { name: 'Mark packed' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ship' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy();
  });

  it('says in the timeline how many received shirts were kept out of stock', async () => {
    const data = order();
    data.events.push({
      id: 3,
      type: 'return_received',
      actor: 'staff',
      staff_name: 'Anil',
      note: '',
      data: { return_id: 9, kind: 'return', refund_paise: 309_800, kept_out_of_stock: 2 },
      created_at: '2026-12-01T06:00:00.000Z',
    });
    setUp('manager', data);
    await loaded();
    const timeline = within(screen.getByRole('region', { name: 'Timeline' }));
    expect(timeline.getByText('Return received')).toBeTruthy();
    expect(timeline.getByText('2 shirts kept out of stock')).toBeTruthy();
  });

  it('opens the refund dialog with what can still be refunded', async () => {
    setUp('owner');
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect((dialog.getByLabelText(/Amount/) as HTMLInputElement).value).toBe('2398.20');
  });

  it('offers each role only its own steps', async () => {
    setUp('packer', { ...order(), customer: null });
    await loaded();
    expect(screen.getByRole('button', { name: 'Mark packed' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Shopper’s account' })).toBeNull();
  });

  it('shows a packer the parcel, not the money: no payments, invoice, credit notes or note form', async () => {
    setUp('packer', {
      ...order({ stage: 'shipped', status: 'Shipped' }),
      customer: null,
      payments: [],
      refunds: [],
      refundable_paise: 0,
      invoice: {
        number: 'KR/26-27/000123',
        issued_at: '2026-11-24T08:00:00.000Z',
        total_paise: 239_820,
      },
    });
    await loaded();
    expect(screen.queryByRole('region', { name: 'Payment attempts' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Invoice' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Invoice and credit notes' })).toBeNull();
    const timeline = within(screen.getByRole('region', { name: 'Timeline' }));
    expect(timeline.getByText('Placed')).toBeTruthy();
    expect(timeline.queryByLabelText('Add a note for staff')).toBeNull();
    expect(timeline.queryByRole('button', { name: 'Add note' })).toBeNull();
  });

  it('shows support the payments and the invoice to download', async () => {
    setUp(
      'support',
      {
        ...order({ stage: 'shipped', status: 'Shipped' }),
        invoice: {
          number: 'KR/26-27/000123',
          issued_at: '2026-11-24T08:00:00.000Z',
          total_paise: 239_820,
        },
      },
      { 'GET /api/admin/orders/42/credit-notes': { body: { credit_notes: [] } } },
    );
    await loaded();
    expect(screen.getByRole('region', { name: 'Payment attempts' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Invoice' }).getAttribute('href')).toBe(
      '/api/admin/orders/42/invoice',
    );
    expect(screen.getByLabelText('Add a note for staff')).toBeTruthy();
  });

  it('ships with the contract checking the form, then shows the order shipped', async () => {
    const shipped = order({
      status: 'Shipped',
      stage: 'shipped',
      courier_name: 'Blue Dart',
      tracking_id: 'BD123',
      tracking_link: 'https://bluedart.example/BD123',
      expected_date: '2026-11-28',
      shipped_at: '2026-11-25T05:30:00.000Z',
    });
    const api = setUp('packer', order(), {
      'POST /api/admin/orders/42/ship': {
        body: {
          ...shipped,
          actions: ['deliver'],
          invoice: {
            number: 'KR/26-27/000123',
            issued_at: '2026-11-25T05:30:00.000Z',
            total_paise: 239_820,
          },
        },
      },
    });
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Ship' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ship order #42' }));
    fireEvent.change(dialog.getByLabelText('Tracking link (optional)'), {
      target: { value: 'http://bluedart.example/BD123' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Mark shipped' }));
    expect(await dialog.findByText('The courier is required')).toBeTruthy();
    expect(dialog.getByText('The tracking link must be an https:// address')).toBeTruthy();
    expect(document.activeElement).toBe(dialog.getByLabelText('Courier'));
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(dialog.getByLabelText('Courier'), { target: { value: 'Blue Dart' } });
    fireEvent.change(dialog.getByLabelText('Tracking id'), { target: { value: 'BD123' } });
    fireEvent.change(dialog.getByLabelText('Tracking link (optional)'), {
      target: { value: 'https://bluedart.example/BD123' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.path === '/api/admin/orders/42/ship')!.body).toEqual({
      courier_name: 'Blue Dart',
      tracking_id: 'BD123',
      tracking_link: 'https://bluedart.example/BD123',
      // The request the contract made of the form: no date is null.
      expected_date: null,
    });
    const shipment = within(screen.getByRole('region', { name: 'Shipment' }));
    expect(shipment.getByText('BD123')).toBeTruthy();
    expect(shipment.getByText('28 Nov 2026')).toBeTruthy();
    expect(shipment.getByRole('link', { name: 'Open the courier’s page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark delivered' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ship' })).toBeNull();
    expect(screen.getByText('KR/26-27/000123')).toBeTruthy();
    // The packer sees the invoice's number, not its download (orders.money).
    expect(screen.queryByRole('link', { name: 'Invoice' })).toBeNull();
  });

  it('walks an order above ₹50,000 through its invoice and e-way bill, and shows the wholesaler', async () => {
    const big = order({
      total_paise: 5_100_900,
      wholesale_buyer: {
        legal_name: 'Marina Sports Traders',
        address: 'T Nagar, Chennai',
        gstin: '33AABCC1234D1ZI',
      },
    });
    const invoice = {
      number: 'KR/26-27/000124',
      issued_at: '2026-11-25T05:30:00.000Z',
      total_paise: 5_100_900,
    };
    const api = setUp(
      'packer',
      { ...big, eway_bill_needed: 'invoice' },
      {
        'POST /api/admin/orders/42/invoice': {
          body: { ...big, invoice, eway_bill_needed: 'number' },
        },
        'POST /api/admin/orders/42/eway-bill': {
          body: {
            ...big,
            order: { ...big.order, eway_bill_number: '181234567890' },
            invoice,
            eway_bill_needed: null,
          },
        },
      },
    );
    await loaded();
    const buyer = within(screen.getByRole('region', { name: 'Wholesale buyer' }));
    expect(buyer.getByText('Marina Sports Traders')).toBeTruthy();
    expect(buyer.getByText('33AABCC1234D1ZI')).toBeTruthy();
    const card = within(screen.getByRole('region', { name: 'E-way bill' }));
    fireEvent.click(card.getByRole('button', { name: 'Issue invoice' }));
    const field = await card.findByLabelText('E-way bill number');
    expect(card.getByText('Generated against invoice KR/26-27/000124.')).toBeTruthy();
    fireEvent.change(field, { target: { value: '12345' } });
    fireEvent.click(card.getByRole('button', { name: 'Save' }));
    expect(
      await card.findByText(
        'The e-way bill number is the 12 digits the portal gave (e.g. 1812 3456 7890).',
      ),
    ).toBeTruthy();
    expect(api.calls.some((c) => c.path.endsWith('/eway-bill'))).toBe(false);
    fireEvent.change(field, { target: { value: '1812 3456 7890' } });
    fireEvent.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path.endsWith('/eway-bill'))?.body).toEqual({
        eway_bill_number: '181234567890',
      }),
    );
    expect(await card.findByRole('button', { name: 'Change' })).toBeTruthy();
  });

  it("generates the e-way bill through NIC, shows its validity, and keeps NIC's refusal in words", async () => {
    const big = order({ total_paise: 5_100_900 });
    const invoice = {
      number: 'KR/26-27/000124',
      issued_at: '2026-11-25T05:30:00.000Z',
      total_paise: 5_100_900,
    };
    const panel = {
      required: true,
      reason: 'Required: the invoice is ₹51,009, above ₹50,000 (Rule 138).',
      invoice_number: invoice.number,
      api: true,
      active: null,
      cancelled: [],
    };
    const api = setUp(
      'packer',
      { ...big, invoice, eway_bill_needed: 'number', e_way_bill: panel },
      {
        'POST /api/admin/orders/42/eway-bill/generate': {
          status: 409,
          body: {
            error:
              'The e-way bill of order #42 was not generated: NIC refused it (212: Invalid Consignee GSTIN / Enrolled URP).',
          },
        },
      },
    );
    await loaded();
    const card = within(screen.getByRole('region', { name: 'E-way bill' }));
    expect(card.getByText(panel.reason)).toBeTruthy();
    expect(card.getByRole('link', { name: 'Download JSON' }).getAttribute('href')).toBe(
      '/api/admin/orders/42/eway-bill.json',
    );
    fireEvent.click(card.getByRole('button', { name: 'Generate through NIC' }));
    expect(await card.findByText(/NIC refused it \(212: Invalid Consignee GSTIN/)).toBeTruthy();
    expect(api.calls.some((c) => c.path.endsWith('/eway-bill/generate'))).toBe(true);
    // Staff may still type the number from the portal.
    expect(card.getByLabelText('E-way bill number')).toBeTruthy();
  });

  it('shows a bill NIC generated with its validity, and offers Part B but no cancel to a packer', async () => {
    const big = order({ total_paise: 5_100_900, eway_bill_number: '391234500001' });
    setUp('packer', {
      ...big,
      e_way_bill: {
        required: true,
        reason: 'Required: the invoice is ₹51,009, above ₹50,000 (Rule 138).',
        invoice_number: 'KR/26-27/000124',
        api: true,
        active: {
          number: '391234500001',
          source: 'api',
          generated_at: '2026-11-29T06:30:00.000Z',
          valid_until: '2026-11-30T18:29:59.000Z',
          vehicle_no: null,
          cancellable_until: '2999-01-01T00:00:00.000Z',
        },
        cancelled: [],
      },
    });
    await loaded();
    const card = within(screen.getByRole('region', { name: 'E-way bill' }));
    expect(card.getByText('391234500001')).toBeTruthy();
    expect(card.getByText('Valid until')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Update vehicle (Part B)…' })).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Cancel e-way bill…' })).toBeNull();
    expect(card.queryByLabelText('E-way bill number')).toBeNull();
  });

  it('says before shipping why the order cannot be invoiced', async () => {
    setUp('packer', {
      ...order(),
      invoice_problems: ["The shop's GSTIN is not set in Settings."],
    });
    await loaded();
    expect(
      screen.getByText(
        "Cannot invoice: The shop's GSTIN is not set in Settings. It cannot ship until this is fixed.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Invoice' })).toBeNull();
  });

  it('cancels a paid order with a reason, saying it is refunded in full', async () => {
    const api = setUp('support', order(), {
      'POST /api/admin/orders/42/cancel': {
        status: 409,
        body: { error: 'Order #42 is shipped, so it cannot be canceled.' },
      },
    });
    await loaded();
    expect(screen.queryByRole('button', { name: 'Mark packed' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Cancel order #42?' }));
    expect(dialog.getByText(/refunded ₹2,398.20 in full/)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Reason (the shopper sees it)'), {
      target: { value: 'no' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel order' }));
    expect(await dialog.findByText('reason must be at least 3 characters')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Reason (the shopper sees it)'), {
      target: { value: 'Out of stock in L' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel order' }));
    expect(await dialog.findByText('Order #42 is shipped, so it cannot be canceled.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/admin/orders/42/cancel')!.body).toEqual({
      reason: 'Out of stock in L',
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Keep the order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('adds a note to the timeline', async () => {
    const withNote = order();
    withNote.events.push({
      id: 3,
      type: 'note',
      actor: 'staff',
      staff_name: 'Ravi',
      note: 'Gift wrap requested',
      data: {},
      created_at: '2026-11-24T06:00:00.000Z',
    });
    const api = setUp('support', order(), {
      'POST /api/admin/orders/42/notes': { body: withNote },
    });
    await loaded();
    const timeline = within(screen.getByRole('region', { name: 'Timeline' }));
    fireEvent.click(timeline.getByRole('button', { name: 'Add note' }));
    expect(await timeline.findByText('note is required')).toBeTruthy();
    fireEvent.change(timeline.getByLabelText('Add a note for staff'), {
      target: { value: 'Gift wrap requested' },
    });
    fireEvent.click(timeline.getByRole('button', { name: 'Add note' }));
    expect(await timeline.findByText('Gift wrap requested')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/admin/orders/42/notes')!.body).toEqual({
      note: 'Gift wrap requested',
    });
    expect((timeline.getByLabelText('Add a note for staff') as HTMLTextAreaElement).value).toBe('');
  });

  it('says so when the order does not exist', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('owner')) },
      'GET /api/admin/orders/42': { status: 404, body: { error: 'Order not found.' } },
    });
    renderAdmin('/orders/42');
    expect(await screen.findByText('Order not found.', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe("the order page's e-invoice (decision 068)", () => {
  const IRN = 'c70892f2468fcab5d0827a04ea0f55fab64edd553dc36a365e38440df443c3ef';
  const invoiced = (e_invoice: AdminOrderResponse['e_invoice']): AdminOrderResponse => ({
    ...order({ status: 'Shipped', stage: 'shipped' }),
    actions: ['deliver'],
    invoice: {
      number: 'KR/26-27/000123',
      issued_at: '2026-11-24T06:00:00.000Z',
      total_paise: 907_300,
    },
    e_invoice,
  });
  const pending: AdminOrderResponse['e_invoice'] = {
    status: 'pending',
    irn: null,
    ack_no: null,
    ack_at: null,
    pending_reason: 'The IRP refused it: 1015: Invalid GSTIN for this user',
    attempts: 1,
    cancelable_until: null,
    canceled_at: null,
    cancel_reason: null,
  };
  const registered = (ackAt: Date): AdminOrderResponse['e_invoice'] => ({
    ...pending!,
    status: 'registered',
    irn: IRN,
    ack_no: '112010000000001',
    ack_at: ackAt.toISOString(),
    pending_reason: null,
    cancelable_until: new Date(ackAt.getTime() + 24 * 3600_000).toISOString(),
  });
  const creditNotes = { 'GET /api/admin/orders/42/credit-notes': { body: { credit_notes: [] } } };

  it('says why the IRN is pending and registers it again', async () => {
    const api = setUp('support', invoiced(pending), {
      ...creditNotes,
      'POST /api/admin/orders/42/e-invoice/register': {
        body: { e_invoice: registered(new Date()) },
      },
    });
    await loaded();
    const card = within(screen.getByRole('region', { name: 'E-invoice (IRN)' }));
    card.getByText('IRN pending');
    card.getByText('The IRP refused it: 1015: Invalid GSTIN for this user');
    fireEvent.click(card.getByRole('button', { name: 'Register again' }));
    await card.findByText('Registered');
    card.getByText(IRN);
    expect(
      api.calls.some((c) => c.method === 'POST' && c.path.endsWith('/e-invoice/register')),
    ).toBe(true);
  });

  it('cancels the IRN within 24 hours with a reason and a remark', async () => {
    const ackAt = new Date(Date.now() - 3600_000);
    const api = setUp('support', invoiced(registered(ackAt)), {
      ...creditNotes,
      'POST /api/admin/orders/42/e-invoice/cancel': {
        body: {
          e_invoice: {
            ...registered(ackAt)!,
            status: 'canceled',
            cancelable_until: null,
            canceled_at: new Date().toISOString(),
            cancel_reason: 'Data entry mistake: Wrong quantity',
          },
        },
      },
    });
    await loaded();
    const card = within(screen.getByRole('region', { name: 'E-invoice (IRN)' }));
    fireEvent.click(card.getByRole('button', { name: 'Cancel IRN…' }));
    fireEvent.click(card.getByRole('button', { name: 'Cancel IRN' }));
    expect(await card.findByText('remark is required')).toBeTruthy();
    fireEvent.change(card.getByLabelText('Remark'), { target: { value: 'Wrong quantity' } });
    fireEvent.click(card.getByRole('button', { name: 'Cancel IRN' }));
    await card.findByText('IRN canceled');
    const sent = api.calls.find((c) => c.path.endsWith('/e-invoice/cancel'));
    expect(sent?.body).toEqual({ reason: '2', remark: 'Wrong quantity' });
  });

  it('offers no cancel after the 24 hours', async () => {
    setUp('support', invoiced(registered(new Date(Date.now() - 25 * 3600_000))), creditNotes);
    await loaded();
    const card = within(screen.getByRole('region', { name: 'E-invoice (IRN)' }));
    card.getByText(/Past the 24 hours in which the IRP cancels an IRN/);
    expect(card.queryByRole('button', { name: 'Cancel IRN…' })).toBeNull();
  });
});
