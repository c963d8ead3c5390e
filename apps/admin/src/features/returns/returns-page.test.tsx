import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminReturn } from '@kitroom/contract/admin';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const support = staffMember('support', { name: 'Divya' });
const packer = staffMember('packer', { name: 'Anil' });

function request(o: Partial<AdminReturn> = {}): AdminReturn {
  return {
    id: 7,
    order_id: 42,
    kind: 'exchange',
    status: 'requested',
    reason: 'Too tight across the chest',
    defect: false,
    created_at: '2026-11-30T04:30:00.000Z',
    customer_name: 'Asha Menon',
    pieces: 1,
    order: {
      id: 42,
      order_status: 'Completed',
      placed_at: '2026-11-21T06:30:00.000Z',
      delivered_at: '2026-11-28T09:00:00.000Z',
      shipping_address: 'Asha Menon, 12 Beach Road, Kozhikode, Kerala 673001, 9876543210',
      total_paise: 135_900,
      discount_paise: 0,
      shipping_paise: 6_000,
    },
    lines: [
      {
        order_item_id: 3,
        product_id: 11,
        product_name: 'Kerala Blasters Home 2025',
        product_image_url: 'images/products/11.webp',
        size: 'M',
        quantity: 1,
        exchange_size: 'L',
        exchange_stock: 4,
        unit_price_paise: 129_900,
      },
    ],
    decision_note: '',
    decided_by: null,
    decided_at: null,
    received_at: null,
    shipped_at: null,
    delivered_at: null,
    courier_name: null,
    tracking_id: null,
    tracking_link: null,
    refund_due_paise: null,
    payout_to: null,
    shipments: [],
    pickups: [],
    challans: [],
    refund: null,
    ...o,
  };
}

/** The order's shipping panel: the sandbox courier offered, and the shop's default. */
const sandboxOffered = {
  body: {
    couriers: ['manual', 'sandbox'],
    default_courier: 'sandbox',
    parcel: { weight_grams: 300, length_cm: 30, breadth_cm: 25, height_cm: 3 },
    shipments: [],
  },
};

describe('the returns pages', () => {
  it('lists waiting requests first; support opens one and approves it with a note', async () => {
    let current = request();
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(support) },
      'GET /api/admin/returns': {
        body: {
          returns: [request(), request({ id: 5, kind: 'return', status: 'received', pieces: 2 })],
          waiting: 1,
          next_after: null,
        },
      },
      'GET /api/admin/returns/7': () => ({ body: { return: current } }),
      'POST /api/admin/returns/7/approve': (sent) => {
        current = request({
          status: 'approved',
          decision_note: (sent.body as { note: string }).note,
          decided_by: { id: support.id, name: 'Divya' },
          decided_at: '2026-11-30T06:00:00.000Z',
          lines: [{ ...request().lines[0]!, exchange_stock: 3 }],
        });
        return { body: { return: current } };
      },
    });
    renderAdmin('/returns');
    const card = await screen.findByRole('listitem', { name: 'Exchange #7' }, { timeout: 5000 });
    expect(screen.getByText(/1 waiting for a decision\./)).toBeTruthy();
    expect(within(card).getByText('Requested')).toBeTruthy();
    expect(card.textContent).toContain('Order #42 · Asha Menon · 1 piece');
    expect(
      within(screen.getByRole('listitem', { name: 'Return #5' })).getByText('Received'),
    ).toBeTruthy();

    fireEvent.click(within(card).getByRole('link', { name: 'Open Exchange #7' }));
    await screen.findByRole('heading', { name: 'Exchange #7', level: 1 });
    expect(screen.getByText(/For size/).textContent).toBe('For size L · 4 in stock now');
    // Support decides; receiving and shipping are the packers'.
    expect(screen.queryByRole('button', { name: 'Mark received' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve exchange #7?' });
    expect(dialog.textContent).toContain(
      'This holds 1 shirt of Kerala Blasters Home 2025 in size L from stock now',
    );
    fireEvent.change(within(dialog).getByLabelText('Note to the shopper (optional)'), {
      target: { value: 'Send it back in its bag.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      note: 'Send it back in its bag.',
    });
    expect(screen.getByText('Approved', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText(/Approved by Divya/).textContent).toContain(
      '“Send it back in its bag.”',
    );
    expect(screen.getByText(/For size/).textContent).toBe('For size L · 3 in stock now');
  });

  it('asks why before a rejection, and shows the server’s refusal', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(support) },
      'GET /api/admin/returns/7': { body: { return: request() } },
      'POST /api/admin/returns/7/reject': {
        status: 409,
        body: { error: 'Exchange #7 is received, so it cannot be rejected.' },
      },
    });
    renderAdmin('/returns/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }, { timeout: 5000 }));
    const dialog = screen.getByRole('dialog', { name: 'Reject exchange #7?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why, for the shopper.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Why (the shopper reads this)'), {
      target: { value: 'Tags cut off.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Exchange #7 is received, so it cannot be rejected.',
    );
  });

  it('a packer marks a return received, then a received exchange’s replacement shipped', async () => {
    let returned = request({
      id: 5,
      kind: 'return',
      status: 'approved',
      lines: [{ ...request().lines[0]!, exchange_size: null, exchange_stock: null }],
      refund_due_paise: 124_900,
    });
    let exchange = request({ status: 'received', received_at: '2026-12-01T06:00:00.000Z' });
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(packer) },
      'GET /api/admin/returns/5': () => ({ body: { return: returned } }),
      'POST /api/admin/returns/5/receive': () => {
        returned = {
          ...returned,
          status: 'received',
          received_at: '2026-12-01T06:00:00.000Z',
          refund_due_paise: null,
          refund: { id: 3, amount_paise: 124_900, status: 'processed' },
        };
        return { body: { return: returned } };
      },
      'GET /api/admin/returns/7': () => ({ body: { return: exchange } }),
      'POST /api/admin/returns/7/ship': (sent) => {
        const body = sent.body as { courier_name: string; tracking_id: string };
        exchange = {
          ...exchange,
          status: 'shipped',
          shipped_at: '2026-12-01T08:00:00.000Z',
          courier_name: body.courier_name,
          tracking_id: body.tracking_id,
        };
        return { body: { return: exchange } };
      },
    });
    const view = renderAdmin('/returns/5');
    await screen.findByRole('heading', { name: 'Return #5', level: 1 }, { timeout: 5000 });
    expect(screen.getByText(/Refund on receipt/).nextSibling?.textContent).toContain('₹1,249');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mark received' }));
    const receive = screen.getByRole('dialog', { name: 'Mark return #5 received?' });
    expect(receive.textContent).toContain(
      "1 shirt goes back to stock. ₹1,249 is refunded to the shopper's original payment.",
    );
    fireEvent.click(within(receive).getByRole('button', { name: 'Mark received' }));
    await waitFor(() => expect(screen.getByText('₹1,249, refunded')).toBeTruthy());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { restock: true },
    ]);

    await view.router.navigate('/returns/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Ship replacement' }));
    const ship = screen.getByRole('dialog', { name: 'Ship the replacement of exchange #7' });
    fireEvent.change(within(ship).getByLabelText('Tracking link (optional)'), {
      target: { value: 'not a link' },
    });
    fireEvent.click(within(ship).getByRole('button', { name: 'Ship replacement' }));
    expect(await within(ship).findByText('The courier is required')).toBeTruthy();
    expect(within(ship).getByText('The tracking link must be an http(s) address')).toBeTruthy();
    fireEvent.change(within(ship).getByLabelText('Courier'), { target: { value: 'DTDC' } });
    fireEvent.change(within(ship).getByLabelText('Tracking id'), { target: { value: 'D7000123' } });
    fireEvent.change(within(ship).getByLabelText('Tracking link (optional)'), {
      target: { value: '' },
    });
    fireEvent.click(within(ship).getByRole('button', { name: 'Ship replacement' }));
    await waitFor(() =>
      expect(screen.getByText('Replacement shipped', { selector: 'span' })).toBeTruthy(),
    );
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      courier_name: 'DTDC',
      tracking_id: 'D7000123',
      tracking_link: '',
    });
    expect(screen.queryByRole('button', { name: 'Ship replacement' })).toBeNull();
  });
  it('flags requests whose shirts arrived faulty, in the list and on the request, with the print', async () => {
    const faulty = request({
      id: 9,
      kind: 'return',
      reason: 'The name is peeling off',
      defect: true,
      lines: [
        {
          ...request().lines[0]!,
          exchange_size: null,
          exchange_stock: null,
          unit_price_paise: 179_900,
          print: { name: 'LUNA', number: 10, patch: false, price: 500 },
        },
      ],
    });
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(support) },
      'GET /api/admin/returns': {
        body: { returns: [faulty, request()], waiting: 2, next_after: null },
      },
      'GET /api/admin/returns/9': { body: { return: faulty } },
    });
    const view = renderAdmin('/returns');
    const card = await screen.findByRole('listitem', { name: 'Return #9' }, { timeout: 5000 });
    expect(within(card).getByText('Faulty')).toBeTruthy();
    expect(
      within(screen.getByRole('listitem', { name: 'Exchange #7' })).queryByText('Faulty'),
    ).toBeNull();

    await view.router.navigate('/returns/9');
    await screen.findByRole('heading', { name: 'Return #9', level: 1 });
    expect(screen.getByText('Faulty')).toBeTruthy();
    expect(screen.getByText('Condition').nextSibling?.textContent).toBe(
      'Arrived damaged or faulty, the shopper says: inspect the shirts before deciding.',
    );
    expect(screen.getByText(/^Printed:/).textContent).toBe('Printed: LUNA · 10 · ₹500 a piece');
  });

  it('keeps faulty shirts out of stock unless staff tick them fit to sell; printed ones always', async () => {
    const plainLine = { ...request().lines[0]!, exchange_size: null, exchange_stock: null };
    const printedLine = {
      ...plainLine,
      order_item_id: 4,
      print: { name: 'LUNA', number: 10, patch: false, price: 500 },
    };
    const returned = (lines: AdminReturn['lines']) =>
      request({ id: 9, kind: 'return', status: 'approved', defect: true, lines });
    let current = returned([printedLine, { ...plainLine, quantity: 2 }]);
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(packer) },
      'GET /api/admin/returns/9': () => ({ body: { return: current } }),
      'POST /api/admin/returns/9/receive': () => ({
        body: {
          return: { ...current, status: 'received', received_at: '2026-12-01T06:00:00.000Z' },
        },
      }),
    });
    const view = renderAdmin('/returns/9');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Mark received' }, { timeout: 5000 }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Mark return #9 received?' });
    const fit = within(dialog).getByRole('checkbox', {
      name: 'Fit to sell: put them back in stock',
    });
    expect((fit as HTMLInputElement).checked).toBe(false);
    expect(dialog.textContent).toContain(
      'The shopper said they arrived damaged or faulty: tick only if they can be sold again.',
    );
    expect(dialog.textContent).toContain(
      '2 shirts stay out of stock. 1 shirt printed for the shopper does not go back to stock.',
    );
    fireEvent.click(fit);
    expect(dialog.textContent).toContain(
      '2 shirts go back to stock. 1 shirt printed for the shopper does not go back to stock.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark received' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { restock: true },
    ]);
    view.unmount();

    current = returned([printedLine]);
    renderAdmin('/returns/9');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Mark received' }, { timeout: 5000 }),
    );
    const printedOnly = screen.getByRole('dialog', { name: 'Mark return #9 received?' });
    expect(printedOnly.textContent).toContain(
      '1 shirt printed for the shopper does not go back to stock.',
    );
    expect(printedOnly.textContent).not.toMatch(/shirts? (go|goes|stays?) (back|out)/);
    expect(within(printedOnly).queryByRole('checkbox')).toBeNull();
  });

  it('names the print a printed shirt’s replacement needs, when approving and shipping', async () => {
    const printedExchange = (o: Partial<AdminReturn>) =>
      request({
        defect: true,
        lines: [
          { ...request().lines[0]!, print: { name: 'LUNA', number: 10, patch: true, price: 650 } },
        ],
        ...o,
      });
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('manager', { name: 'Meera' })) },
      'GET /api/admin/returns/7': { body: { return: printedExchange({}) } },
      'GET /api/admin/returns/8': {
        body: { return: printedExchange({ id: 8, status: 'received' }) },
      },
    });
    const view = renderAdmin('/returns/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }, { timeout: 5000 }));
    expect(screen.getByRole('dialog', { name: 'Approve exchange #7?' }).textContent).toContain(
      'This holds 1 shirt of Kerala Blasters Home 2025 in size L (printed LUNA · 10 · sleeve patch) from stock now',
    );
    await view.router.navigate('/returns/8');
    fireEvent.click(await screen.findByRole('button', { name: 'Ship replacement' }));
    expect(
      screen.getByRole('dialog', { name: 'Ship the replacement of exchange #8' }).textContent,
    ).toContain(
      '1 shirt of Kerala Blasters Home 2025 in size L (printed LUNA · 10 · sleeve patch).',
    );
  });

  it('books a replacement with the shop’s courier, then shows its parcel, label and slip', async () => {
    let exchange = request({ status: 'received', received_at: '2026-12-01T06:00:00.000Z' });
    const parcel = {
      id: 9,
      courier: 'sandbox' as const,
      reference: 'KR-42-2',
      state: 'booked' as const,
      awb: 'SBX0000004202',
      courier_name: 'Kitroom Sandbox Courier',
      tracking_link: 'http://shop.test/reviewOrdersDetails/42',
      weight_grams: 350,
      cod_amount_paise: 0,
      return_id: 7,
      direction: 'forward' as const,
      attempts: 1,
      last_error: null,
      ndr_reason: null,
      ndr_attempts: 0,
      ndr_action: null,
      created_at: '2026-12-01T08:00:00.000Z',
      may_cancel: true,
      may_retry: false,
      events: [],
    };
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(packer) },
      'GET /api/admin/returns/7': () => ({ body: { return: exchange } }),
      'GET /api/admin/orders/42/shipments': sandboxOffered,
      'POST /api/admin/returns/7/shipments': () => {
        exchange = {
          ...exchange,
          status: 'shipped',
          shipped_at: '2026-12-01T08:00:00.000Z',
          courier_name: parcel.courier_name,
          tracking_id: parcel.awb,
          shipments: [parcel],
          challans: [{ id: 31, number: 'DC/26-27/000001', issued_at: '2026-12-01T08:00:00.000Z' }],
        };
        return { body: { return: exchange } };
      },
    });
    renderAdmin('/returns/7');
    const section = await screen.findByRole(
      'region',
      { name: 'Replacement parcel' },
      { timeout: 5000 },
    );
    expect(section.textContent).toContain('Not shipped yet');
    expect(within(section).getByRole('link', { name: 'Packing slip' }).getAttribute('href')).toBe(
      '/api/admin/returns/7/packing-slip',
    );
    expect(within(section).queryByRole('link', { name: 'Shipping label' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Ship replacement' }));
    const ship = screen.getByRole('dialog', { name: 'Ship the replacement of exchange #7' });
    await waitFor(() =>
      expect((within(ship).getByLabelText('Ship with') as HTMLSelectElement).value).toBe('sandbox'),
    );
    fireEvent.change(within(ship).getByLabelText('Weight (g)'), { target: { value: '350' } });
    fireEvent.click(within(ship).getByRole('button', { name: 'Book and ship' }));
    await waitFor(() =>
      expect(screen.getByText('Replacement shipped', { selector: 'span' })).toBeTruthy(),
    );
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      courier: 'sandbox',
      weight_grams: 350,
    });
    expect(section.textContent).toContain('SBX0000004202');
    expect(within(section).getByRole('link', { name: 'Shipping label' }).getAttribute('href')).toBe(
      '/api/admin/returns/7/label',
    );
    expect(within(section).getByRole('button', { name: 'Cancel shipment' })).toBeTruthy();
    expect(
      within(section).getByRole('link', { name: 'Challan DC/26-27/000001' }).getAttribute('href'),
    ).toBe('/api/admin/delivery-challans/31');
  });
  it('approves a return with the courier collecting the parcel, then shows the pickup', async () => {
    let current = request({
      id: 5,
      kind: 'return',
      lines: [{ ...request().lines[0]!, exchange_size: null, exchange_stock: null }],
    });
    const pickup = {
      id: 11,
      courier: 'sandbox' as const,
      reference: 'KR-42-2',
      state: 'booked' as const,
      awb: 'SBX0000004202',
      courier_name: 'Kitroom Sandbox Courier',
      tracking_link: 'http://shop.test/reviewOrdersDetails/42',
      weight_grams: 300,
      cod_amount_paise: 0,
      return_id: 5,
      direction: 'reverse' as const,
      attempts: 1,
      last_error: null,
      ndr_reason: null,
      ndr_attempts: 0,
      ndr_action: null,
      created_at: '2026-12-01T08:00:00.000Z',
      may_cancel: true,
      may_retry: false,
      events: [],
    };
    const manager = staffMember('manager', { name: 'Meera' });
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(manager) },
      'GET /api/admin/returns/5': () => ({ body: { return: current } }),
      'GET /api/admin/orders/42/shipments': sandboxOffered,
      'POST /api/admin/returns/5/approve': () => {
        current = { ...current, status: 'approved', pickups: [pickup] };
        return { body: { return: current } };
      },
    });
    renderAdmin('/returns/5');
    await screen.findByRole('heading', { name: 'Return #5', level: 1 }, { timeout: 5000 });
    // Before the approval a manager may book the pickup only with the approval.
    expect(screen.queryByRole('region', { name: 'Pickup from the shopper' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve return #5?' });
    await waitFor(() =>
      expect(
        (within(dialog).getByLabelText('Getting the parcel back') as HTMLSelectElement).value,
      ).toBe('sandbox'),
    );
    expect(dialog.textContent).toContain('The courier is booked to collect the parcel');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const section = await screen.findByRole('region', { name: 'Pickup from the shopper' });
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      note: '',
      pickup_courier: 'sandbox',
    });
    expect(section.textContent).toContain('SBX0000004202');
    expect(within(section).getByRole('button', { name: 'Cancel pickup' })).toBeTruthy();
    // One live pickup: no second booking offered.
    expect(within(section).queryByRole('button', { name: /Book a pickup/ })).toBeNull();
  });

  it('lets the shopper send it instead: no courier asked for', async () => {
    let current = request({ id: 6, kind: 'return' });
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('manager')) },
      'GET /api/admin/returns/6': () => ({ body: { return: current } }),
      'GET /api/admin/orders/42/shipments': sandboxOffered,
      'POST /api/admin/returns/6/approve': () => {
        current = { ...current, status: 'approved' };
        return { body: { return: current } };
      },
    });
    renderAdmin('/returns/6');
    await screen.findByRole('heading', { name: 'Return #6', level: 1 }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve return #6?' });
    const choice = await within(dialog).findByLabelText('Getting the parcel back');
    fireEvent.change(choice, { target: { value: '' } });
    expect(dialog.textContent).toContain('The shopper is told to send the shirts back');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    // Approved without a pickup: a packer-or-manager may still book one from the request.
    const section = await screen.findByRole('region', { name: 'Pickup from the shopper' });
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ note: '' });
    expect(section.textContent).toContain('No pickup booked');
    expect(
      within(section).getByRole('button', { name: 'Book a pickup with Sandbox courier (test)' }),
    ).toBeTruthy();
  });
  it('support approves without a pickup: booking a courier is for staff who fulfil orders', async () => {
    let current = request({ id: 8, kind: 'return' });
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(support) },
      'GET /api/admin/returns/8': () => ({ body: { return: current } }),
      'GET /api/admin/orders/42/shipments': sandboxOffered,
      'POST /api/admin/returns/8/approve': () => {
        current = { ...current, status: 'approved' };
        return { body: { return: current } };
      },
    });
    renderAdmin('/returns/8');
    await screen.findByRole('heading', { name: 'Return #8', level: 1 }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve return #8?' });
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/shipments'))).toBe(true));
    expect(within(dialog).queryByLabelText('Getting the parcel back')).toBeNull();
    expect(dialog.textContent).toContain('The shopper is told to send the shirts back');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ note: '' }),
    );
  });
});
