// Shipping with a courier in the back office (decision 032): the ship dialog offers the shop's
// couriers (its default chosen), books the parcel with the weight staff typed, and the order
// page then shows the courier's shipment with its tracking events; a failed booking shows the
// courier's error and may be retried. The Deliveries page lists failed deliveries and sends
// the staff's answer.
import type { AdminOrderResponse, CourierShipment } from '@kitroom/contract/admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const baseOrder: AdminOrderResponse['order'] = {
  id: 42,
  created_at: '2026-11-24T05:30:00.000Z',
  paid_at: '2026-11-24T05:31:00.000Z',
  status: 'Processing',
  stage: 'packed',
  payment_status: 'SUCCESS',
  payment_method: 'Online',
  subtotal_paise: 129_900,
  shipping_paise: 6000,
  discount_paise: 0,
  total_paise: 135_900,
  coupon_code: null,
  packed_at: '2026-11-24T06:00:00.000Z',
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
};

function order(o: Partial<AdminOrderResponse['order']> = {}, actions = ['ship', 'cancel']) {
  return {
    order: { ...baseOrder, ...o },
    customer: null,
    address: {
      name: 'Asha Menon',
      street: '12 Beach Road',
      city: 'Kozhikode',
      state: 'Kerala',
      pincode: '673001',
      phone: '9876543210',
    },
    lines: [],
    payments: [],
    refunds: [],
    refundable_paise: 0,
    returns: [],
    events: [],
    whatsapp: [],
    actions,
    invoice: null,
    invoice_problems: [],
    e_invoice: null,
    eway_bill_needed: null,
  } as unknown as AdminOrderResponse;
}

const parcel = { weight_grams: 300, length_cm: 30, breadth_cm: 25, height_cm: 3 };

function shipment(s: Partial<CourierShipment> = {}): CourierShipment {
  return {
    id: 7,
    courier: 'sandbox',
    reference: 'KR-42-1',
    state: 'booked',
    awb: 'SBX0000004201',
    courier_name: 'Kitroom Sandbox Courier',
    tracking_link: 'http://shop.test/reviewOrdersDetails/42',
    weight_grams: 450,
    cod_amount_paise: 0,
    return_id: null,
    direction: 'forward',
    attempts: 1,
    last_error: null,
    ndr_reason: null,
    ndr_attempts: 0,
    ndr_action: null,
    created_at: '2026-11-25T05:30:00.000Z',
    may_cancel: true,
    may_retry: false,
    events: [],
    ...s,
  };
}

const shipments = (list: CourierShipment[]) => ({
  couriers: ['manual', 'sandbox'],
  default_courier: 'sandbox',
  parcel,
  shipments: list,
});

const loaded = () => screen.findByRole('heading', { name: 'Order #42' }, { timeout: 5000 });

describe('shipping with a courier', { timeout: 20_000 }, () => {
  it('books the sandbox courier (the default) with the weight typed, then shows its shipment', async () => {
    const booked = shipment({
      state: 'picked_up',
      may_cancel: false,
      events: [
        {
          state: 'picked_up',
          location: 'Kitroom warehouse',
          note: null,
          occurred_at: '2026-11-25T06:30:00.000Z',
        },
      ],
    });
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('packer')) },
      'GET /api/admin/orders/42': { body: order() },
      'GET /api/admin/orders/42/shipments': { body: shipments([]) },
      'POST /api/admin/orders/42/shipments': {
        body: {
          order: order(
            {
              status: 'Shipped',
              stage: 'shipped',
              courier_name: 'Kitroom Sandbox Courier',
              tracking_id: 'SBX0000004201',
              shipped_at: '2026-11-25T05:30:00.000Z',
            },
            ['deliver'],
          ),
          shipments: shipments([booked]),
        },
      },
    });
    renderAdmin('/orders/42');
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Ship' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ship order #42' }));
    const choice = (await dialog.findByLabelText('Ship with')) as HTMLSelectElement;
    expect(choice.value).toBe('sandbox');
    expect(dialog.queryByLabelText('Tracking id')).toBeNull();
    expect((dialog.getByLabelText('Weight (g)') as HTMLInputElement).placeholder).toBe('300');
    fireEvent.change(dialog.getByLabelText('Weight (g)'), { target: { value: '450' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Book and ship' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      courier: 'sandbox',
      weight_grams: 450,
      expected_date: '',
    });
    const card = within(await screen.findByRole('region', { name: 'Courier' }));
    expect(card.getByText('SBX0000004201')).toBeTruthy();
    expect(card.getAllByText('Picked up').length).toBeGreaterThan(0);
    expect(card.getByText(/Kitroom warehouse/)).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Cancel shipment' })).toBeNull();
  });

  it('shows a failed booking with the courier’s error and retries it', async () => {
    const failed = shipment({
      state: 'booking',
      awb: null,
      courier_name: null,
      attempts: 1,
      last_error: 'Courier service is down',
      may_retry: true,
    });
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('packer')) },
      'GET /api/admin/orders/42': { body: order() },
      'GET /api/admin/orders/42/shipments': { body: shipments([failed]) },
      'POST /api/admin/orders/42/shipments': {
        body: {
          order: order({ status: 'Shipped', stage: 'shipped' }, ['deliver']),
          shipments: shipments([shipment({ attempts: 2 })]),
        },
      },
    });
    renderAdmin('/orders/42');
    await loaded();
    const card = within(await screen.findByRole('region', { name: 'Courier' }));
    expect(card.getByText(/Not booked \(1 try\): Courier service is down/)).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Retry booking' }));
    await waitFor(() => expect(card.getByText('SBX0000004201')).toBeTruthy());
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      courier: 'sandbox',
      weight_grams: 450,
    });
  });
});

describe('a booking the courier already has news of', { timeout: 20_000 }, () => {
  it('tells the packer to retry it, and shows the news', async () => {
    const waiting = shipment({
      state: 'booking',
      attempts: 1,
      last_error: 'the database went away',
      may_retry: true,
      events: [
        {
          state: 'picked_up',
          location: 'Kozhikode hub',
          note: null,
          occurred_at: '2026-11-25T06:00:00.000Z',
        },
      ],
    });
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('packer')) },
      'GET /api/admin/orders/42': { body: order() },
      'GET /api/admin/orders/42/shipments': { body: shipments([waiting]) },
    });
    renderAdmin('/orders/42');
    await loaded();
    const card = within(await screen.findByRole('region', { name: 'Courier' }));
    expect(
      card.getByText(/The courier already has this parcel and is sending news of it\. Retry/),
    ).toBeTruthy();
    expect(card.getByText('Kozhikode hub', { exact: false })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Retry booking' })).toBeTruthy();
  });
});

describe('the deliveries page', { timeout: 20_000 }, () => {
  const failed = {
    shipment_id: 7,
    order_id: 42,
    courier: 'sandbox',
    courier_name: 'Kitroom Sandbox Courier',
    awb: 'SBX0000004201',
    shopper_name: 'Asha FAIL',
    city: 'Kozhikode',
    pincode: '673001',
    reason: 'Consignee not available',
    failed_at: '2026-11-25T09:00:00.000Z',
    attempts: 1,
  };

  it('lists failed deliveries and sends a re-attempt with its note', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('packer')) },
      'GET /api/admin/deliveries/failed': { body: { deliveries: [failed] } },
      'POST /api/admin/shipments/7/failed-delivery': { body: { deliveries: [] } },
    });
    renderAdmin('/deliveries');
    expect(await screen.findByRole('link', { name: 'Order #42' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Consignee not available')).toBeTruthy();
    expect(screen.getByText('Kozhikode 673001')).toBeTruthy();
    expect(screen.getByText('1 failed attempt')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Note for the courier (optional)'), {
      target: { value: 'Home after 6 pm' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No failed deliveries waiting. Good.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      action: 'reattempt',
      note: 'Home after 6 pm',
    });
  });
});
