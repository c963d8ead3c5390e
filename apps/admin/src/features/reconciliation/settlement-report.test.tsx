import type { SettlementReport } from '@kitroom/contract/admin';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, type FakeResponse } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const report: SettlementReport = {
  source: 'razorpay',
  period: { from: '2026-11-28', to: '2026-11-28', label: '28 Nov 2026' },
  unit: null,
  items: 5,
  matched: {
    count: 2,
    sum_paise: 115_900,
    rows: [
      {
        entity_id: 'pay_A1',
        type: 'payment',
        order_id: 17,
        amount_paise: 135_900,
        ledger_paise: 135_900,
        fee_paise: 3_207,
        tax_paise: 489,
        settlement_id: 'setl_1',
      },
      {
        entity_id: 'rfnd_A1',
        type: 'refund',
        order_id: 17,
        amount_paise: 20_000,
        ledger_paise: 20_000,
        fee_paise: 0,
        tax_paise: 0,
        settlement_id: 'setl_1',
      },
    ],
  },
  differs: [
    {
      entity_id: 'pay_B2',
      type: 'payment',
      order_id: 18,
      amount_paise: 136_000,
      ledger_paise: 135_900,
      fee_paise: 3_209,
      tax_paise: 489,
      settlement_id: 'setl_1',
    },
  ],
  not_in_ledger: [
    {
      entity_id: 'pay_Unknown',
      type: 'payment',
      amount_paise: 50_000,
      description: null,
      settlement_id: 'setl_1',
    },
  ],
  not_orders: [
    {
      entity_id: 'adj_1',
      type: 'adjustment',
      amount_paise: 1_000,
      description: 'Fee reversal',
      settlement_id: 'setl_1',
    },
  ],
  not_in_report: [
    {
      order_id: 19,
      type: 'payment',
      reference: 'pay_C3',
      amount_paise: 135_900,
      at: '2026-11-28T06:00:00.000Z',
      age_days: 2,
    },
  ],
  unit_hint: null,
  totals: {
    gross_captured_paise: 321_800,
    refunds_paise: 20_000,
    fees_paise: 6_438,
    gst_on_fees_paise: 978,
    fees_with_gst_paise: 7_416,
    credits_paise: 315_384,
    debits_paise: 20_000,
    net_settled_paise: 295_384,
  },
  settlements: [
    {
      settlement_id: 'setl_1',
      utr: 'UTR0001',
      settled_at: '2026-11-28T04:30:00.000Z',
      items: 5,
      credit_paise: 315_384,
      debit_paise: 20_000,
      net_paise: 295_384,
    },
  ],
};

function setUp(responses: Record<string, FakeResponse | ((s: never) => FakeResponse)> = {}) {
  const api = fakeApi({
    'GET /api/admin/me': { body: signedInAs(staffMember('owner', { name: 'Nisha' })) },
    'GET /api/admin/reconciliation': { body: { checked: 3, unbalanced: [] } },
    ...responses,
  });
  renderAdmin('/reconciliation');
  return api;
}

describe("the Reconciliation page's settlement report", () => {
  it('fetches a day from Razorpay and shows each part, with order links and fees', async () => {
    const api = setUp({ 'GET /api/admin/settlement-report': { body: report } });
    const form = (await screen.findByRole('heading', { name: 'Fetch from Razorpay' })).closest(
      'form',
    )!;
    fireEvent.change(within(form).getByLabelText('Day'), { target: { value: '2026-11-28' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Fetch report' }));

    await screen.findByRole('heading', { name: /28 Nov 2026 \(fetched from Razorpay\)/ });
    expect(
      api.calls.find((c) => c.path === '/api/admin/settlement-report')?.query.get('period'),
    ).toBe('2026-11-28');
    const totals = screen.getByLabelText('Totals');
    within(totals).getByText('₹2,953.84'); // net settled
    within(totals).getByText('₹74.16'); // fees the shop paid, GST included
    within(totals).getByText('₹9.78'); // GST on fees

    const differs = screen.getByRole('row', { name: 'pay_B2' });
    within(differs).getByText('₹1,360');
    within(differs).getByText('₹1,359');
    within(differs).getByText('+₹1');
    expect(within(differs).getByRole('link', { name: 'Order #18' }).getAttribute('href')).toBe(
      '/admin/orders/18',
    );
    screen.getByRole('heading', { name: 'In the report, not in the ledger (1)' });
    within(screen.getByRole('row', { name: 'pay_Unknown' })).getByText('₹500');
    const unsettled = screen.getByRole('row', { name: 'pay_C3' });
    within(unsettled).getByText('2 days old');
    within(unsettled).getByRole('link', { name: 'Order #19' });
    within(screen.getByRole('row', { name: 'adj_1' })).getByText('Fee reversal');
    within(screen.getByRole('row', { name: 'setl_1' })).getByText('UTR0001');
  });

  it('fetches a month when the owner picks one', async () => {
    const api = setUp({ 'GET /api/admin/settlement-report': { body: report } });
    const form = (await screen.findByRole('heading', { name: 'Fetch from Razorpay' })).closest(
      'form',
    )!;
    fireEvent.click(within(form).getByLabelText('A month'));
    fireEvent.change(within(form).getByLabelText('Month'), { target: { value: '2026-10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Fetch report' }));
    await screen.findByRole('heading', { name: /fetched from Razorpay/ });
    expect(api.calls.at(-1)?.query.get('period')).toBe('2026-10');
  });

  it('uploads the CSV in the unit chosen and shows the unit hint', async () => {
    const api = setUp({
      'POST /api/admin/settlement-report/paise': {
        body: {
          ...report,
          source: 'upload',
          unit: 'paise',
          unit_hint: 'The amounts look like rupees: upload it again choosing rupees.',
        },
      },
    });
    const form = (
      await screen.findByRole('heading', { name: 'Or upload the dashboard’s report' })
    ).closest('form')!;
    expect(
      (within(form).getByLabelText('rupees (as the dashboard shows them)') as HTMLInputElement)
        .checked,
    ).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Upload and match' }));
    within(form).getByText('Choose the settlement report file first.');

    const file = new File(['entity_id,type\n'], 'settlements.csv', { type: 'text/csv' });
    fireEvent.change(within(form).getByLabelText('Settlement report (CSV)'), {
      target: { files: [file] },
    });
    fireEvent.click(within(form).getByLabelText('paise (as the API gives them)'));
    fireEvent.click(within(form).getByRole('button', { name: 'Upload and match' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The amounts look like rupees: upload it again choosing rupees.',
    );
    screen.getByRole('heading', { name: /uploaded, amounts read as paise/ });
    expect(api.calls.at(-1)?.method).toBe('POST');
  });

  it("shows the server's refusal of a bad file", async () => {
    setUp({
      'POST /api/admin/settlement-report/rupees': {
        status: 400,
        body: {
          error:
            'The file has a problem: Row 3, amount: “1359.005” is not an amount in rupees (up to two decimals).',
        },
      },
    });
    const form = (
      await screen.findByRole('heading', { name: 'Or upload the dashboard’s report' })
    ).closest('form')!;
    const file = new File(['x'], 'settlements.csv', { type: 'text/csv' });
    fireEvent.change(within(form).getByLabelText('Settlement report (CSV)'), {
      target: { files: [file] },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload and match' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Row 3, amount: “1359.005” is not an amount in rupees',
    );
  });
});
