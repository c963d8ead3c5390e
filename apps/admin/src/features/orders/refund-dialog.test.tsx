import type { AdminRefund, RefundOrderResponse } from '@kitroom/contract/admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeResponse, type Sent } from '@/test/fake-api';
import { RefundDialog } from './refund-dialog';

const made = (o: Partial<AdminRefund> = {}): AdminRefund => ({
  id: 31,
  order_id: 7,
  amount_paise: 135_900,
  status: 'pending',
  provider: 'razorpay',
  provider_refund_id: 'rfnd_FgRAHdNOM4ZVbO',
  reason: 'Out of stock',
  requested_by: { id: 2, name: 'Anil' },
  created_at: '2026-11-24T09:15:00.000Z',
  updated_at: '2026-11-24T09:15:00.000Z',
  processed_at: null,
  attempts: 1,
  last_error: null,
  method: 'provider',
  payout_to: null,
  utr: null,
  ...o,
});

/** The order page's part: a button that opens the dialog, as the lead wires it in. */
function OrderPage({
  onRefunded,
  paidInCash = false,
}: {
  onRefunded: (a: RefundOrderResponse) => void;
  paidInCash?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Refund…
      </button>
      <RefundDialog
        open={open}
        orderId={7}
        refundablePaise={135_900}
        paidInCash={paidInCash}
        onClose={() => setOpen(false)}
        onRefunded={onRefunded}
      />
    </>
  );
}

function setUp(respond: (sent: Sent) => FakeResponse, paidInCash = false) {
  const api = fakeApi({ 'POST /api/admin/orders/7/refunds': respond });
  const onRefunded = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OrderPage onRefunded={onRefunded} paidInCash={paidInCash} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Refund…' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Refund order #7' }));
  return { api, dialog, onRefunded };
}

const refunds = (api: ReturnType<typeof fakeApi>) =>
  api.calls.filter((c) => c.method === 'POST').map((c) => c.body as Record<string, string>);

describe('the refund dialog', () => {
  it('prefills what can be refunded, sends once on a double click, and says what happened', async () => {
    const { api, dialog, onRefunded } = setUp(() => ({
      body: { refund: made(), refundable_paise: 0 },
    }));
    const amount = dialog.getByRole('textbox', { name: 'Amount (₹)' }) as HTMLInputElement;
    expect(amount.value).toBe('1359');
    expect(dialog.getByText('Up to ₹1,359 can be refunded.')).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Out of stock' },
    });
    const send = dialog.getByRole('button', { name: 'Refund' });
    fireEvent.click(send);
    fireEvent.click(send);

    const done = within(await screen.findByRole('dialog', { name: 'Refund made' }));
    expect(
      done.getByText(
        "The payment provider took the refund of ₹1,359; the shopper's bank usually shows it within 5–7 working days.",
      ),
    ).toBeTruthy();
    expect(done.getByText('Order #7 is refunded in full.')).toBeTruthy();
    const sent = refunds(api);
    expect(sent).toEqual([
      {
        amount: '1359',
        reason: 'Out of stock',
        idempotency_key: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
    expect(onRefunded).toHaveBeenCalledWith({ refund: made(), refundable_paise: 0 });
  });

  it('checks the amount and reason before sending', async () => {
    const { api, dialog } = setUp(() => ({ body: {} }));
    const amount = dialog.getByRole('textbox', { name: 'Amount (₹)' });
    fireEvent.change(amount, { target: { value: 'five hundred' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await dialog.findByText('amount must be rupees, like 499.50')).toBeTruthy();
    expect(dialog.getByText('reason must be at least 3 characters')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '1,400' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Late delivery' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await dialog.findByText('At most ₹1,359 can be refunded.')).toBeTruthy();
    expect(refunds(api)).toEqual([]);
  });

  it('shows the refusal, keeps the key for a retry in the same opening, and makes a new one when opened again', async () => {
    let calls = 0;
    const { api, dialog } = setUp(() =>
      ++calls === 1
        ? { status: 409, body: { error: 'At most ₹859 can still be refunded on order #7.' } }
        : {
            body: {
              refund: made({ amount_paise: 50_000, status: 'processed' }),
              refundable_paise: 35_900,
            },
          },
    );
    fireEvent.change(dialog.getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Late delivery' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'At most ₹859 can still be refunded on order #7.',
    );
    fireEvent.change(dialog.getByRole('textbox', { name: 'Amount (₹)' }), {
      target: { value: '500' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    const done = within(await screen.findByRole('dialog', { name: 'Refund made' }));
    expect(done.getByText('₹500 is refunded to the shopper.')).toBeTruthy();
    expect(done.getByText('₹359 can still be refunded on order #7.')).toBeTruthy();
    const [first, second] = refunds(api);
    expect(second!.idempotency_key).toBe(first!.idempotency_key);

    fireEvent.click(done.getByRole('button', { name: 'Done' }));
    fireEvent.click(screen.getByRole('button', { name: 'Refund…' }));
    const again = within(screen.getByRole('dialog', { name: 'Refund order #7' }));
    fireEvent.change(again.getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Another' },
    });
    fireEvent.click(again.getByRole('button', { name: 'Refund' }));
    await screen.findByRole('dialog', { name: 'Refund made' });
    expect(refunds(api)[2]!.idempotency_key).not.toBe(first!.idempotency_key);
  });

  it('says so when the provider refused the refund', async () => {
    const { dialog } = setUp(() => ({
      body: {
        refund: made({
          status: 'failed',
          last_error: 'The refund amount provided is greater than amount captured',
        }),
        refundable_paise: 135_900,
      },
    }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Duplicate payment' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    const refused = within(await screen.findByRole('dialog', { name: 'Refund refused' }));
    expect(refused.getByRole('alert').textContent).toBe(
      'The payment provider refused the refund of ₹1,359 (The refund amount provided is greater than amount captured). Nothing was refunded.',
    );
  });

  it('asks where to transfer a cash-on-delivery order’s refund, checking it before sending', async () => {
    const { api, dialog } = setUp(
      () => ({
        body: {
          refund: made({
            method: 'payout',
            provider: 'payout',
            provider_refund_id: null,
            amount_paise: 20_000,
            payout_to: {
              method: 'bank',
              account_name: 'Asha Menon',
              account_number: '123456789012',
              ifsc: 'SBIN0001234',
            },
          }),
          refundable_paise: 115_900,
        },
      }),
      true,
    );
    expect(dialog.getByText(/Paid in cash on delivery/)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Amount (₹)'), { target: { value: '200' } });
    fireEvent.change(dialog.getByLabelText('Reason'), { target: { value: 'Delivered late' } });
    fireEvent.change(dialog.getByLabelText("Shopper's UPI id"), {
      target: { value: 'asha.okaxis' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await dialog.findByText('Enter your UPI id, like name@okaxis.')).toBeTruthy();
    expect(api.calls).toEqual([]);

    fireEvent.click(dialog.getByLabelText('Bank account'));
    fireEvent.change(dialog.getByLabelText('Account holder'), { target: { value: 'Asha Menon' } });
    fireEvent.change(dialog.getByLabelText('Account number'), {
      target: { value: '123456789012' },
    });
    fireEvent.change(dialog.getByLabelText('IFSC'), { target: { value: 'SBIN0001234' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    await screen.findByRole('dialog', { name: 'Refund made' });
    expect(api.calls[0]!.body).toMatchObject({
      amount: '200',
      reason: 'Delivered late',
      payout: {
        method: 'bank',
        account_name: 'Asha Menon',
        account_number: '123456789012',
        ifsc: 'SBIN0001234',
      },
    });
  });
});
