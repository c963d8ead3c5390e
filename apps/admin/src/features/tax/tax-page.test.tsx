import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaxSummaryResponse } from '@kitroom/contract/admin';
import { fakeApi, type Sent } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const amounts = (taxable: number, cgst: number, igst: number) => ({
  taxable_paise: taxable,
  cgst_paise: cgst,
  sgst_paise: cgst,
  igst_paise: igst,
  total_paise: taxable + 2 * cgst + igst,
});

const november: TaxSummaryResponse = {
  month: '2026-11',
  invoices: { count: 5, ...amounts(11_632_030, 5_138, 1_926_894) },
  credit_notes: { count: 3, ...amounts(848_087, 0, 141_523) },
  net: amounts(10_783_943, 5_138, 1_785_371),
  by_rate: [
    { rate_bp: 1800, ...amounts(9_665_000, 0, 1_739_700) },
    { rate_bp: 500, ...amounts(1_118_943, 5_138, 45_671) },
  ],
  by_state: [{ state: 'Kerala', state_code: '32', ...amounts(205_524, 5_138, 0) }],
  sections: [
    { section: 'b2b', rows: 1 },
    { section: 'b2cl', rows: 0 },
    { section: 'b2cs', rows: 3 },
    { section: 'cdnr', rows: 1 },
    { section: 'cdnur', rows: 0 },
    { section: 'hsn-b2b', rows: 1 },
    { section: 'hsn-b2c', rows: 2 },
    { section: 'docs', rows: 2 },
  ],
  unregistered_inter_state: [
    { state: 'Tamil Nadu', state_code: '33', taxable_paise: 9_657_797, igst_paise: 1_738_403 },
  ],
};

const empty = (month: string): TaxSummaryResponse => ({
  month,
  invoices: { count: 0, ...amounts(0, 0, 0) },
  credit_notes: { count: 0, ...amounts(0, 0, 0) },
  net: amounts(0, 0, 0),
  by_rate: [],
  by_state: [],
  sections: november.sections.map((s) => ({ ...s, rows: 0 })),
  unregistered_inter_state: [],
});

describe('the tax page', () => {
  it('shows the month’s documents, the net by rate and state, and the GSTR-1 files', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('manager')) },
      'GET /api/admin/tax/summary': (sent: Sent) => ({
        body: sent.query.get('month') === '2026-11' ? november : empty(sent.query.get('month')!),
      }),
      'GET /api/admin/tax/e-invoices/pending': { body: { e_invoices: [] } },
    });
    renderAdmin('/tax?month=2026-11');
    const totals = await screen.findByRole(
      'table',
      { name: 'November 2026: documents issued' },
      { timeout: 5000 },
    );
    const invoices = within(totals).getByRole('row', { name: /Tax invoices/ });
    expect(
      within(invoices)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Count5',
      'Taxable value₹1,16,320.30',
      'CGST₹51.38',
      'SGST/UTGST₹51.38',
      'IGST₹19,268.94',
      'Total₹1,35,692',
    ]);
    const net = within(totals).getByRole('row', { name: /Net/ });
    expect(within(net).getAllByRole('cell').at(-1)?.textContent).toBe('Total₹1,25,795.90');
    const rates = screen.getByRole('table', { name: 'Net by rate' });
    expect(
      within(rates)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['18%', '5%']);
    const states = screen.getByRole('table', { name: 'Net by place of supply' });
    expect(within(states).getByRole('rowheader').textContent).toBe('Kerala (32)');
    const gstr3b = screen.getByRole('region', { name: 'GSTR-3B figures' });
    expect(gstr3b.textContent).toContain(
      '3.1 (a) Outward taxable suppliesTaxable value ₹1,07,839.43 · IGST ₹17,853.71 · CGST ₹51.38 · SGST/UTGST ₹51.38 · Cess ₹0',
    );
    const unregistered = within(gstr3b).getByRole('table', {
      name: '3.2 Inter-state supplies to unregistered persons',
    });
    expect(within(unregistered).getAllByRole('row').at(-1)?.textContent).toBe(
      '33-Tamil Nadu₹96,577.97₹17,384.03',
    );
    expect(screen.getByText(/Documents issued: each series/)).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Download all (ZIP)' }).getAttribute('href')).toBe(
      '/api/admin/tax/gstr1/zip?month=2026-11',
    );
    const b2cs = screen.getByRole('link', { name: 'Download gstr1-2026-11-b2cs.csv' });
    expect(b2cs.getAttribute('href')).toBe('/api/admin/tax/gstr1?month=2026-11&section=b2cs');
    expect(screen.getByText(/B2C small: by place of supply and rate/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '← October 2026' }));
    expect(
      await screen.findByText('No tax invoice or credit note was issued in this month.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'GSTR-1 for October 2026' })).toBeTruthy();
    expect(
      api.calls.filter((c) => c.path === '/api/admin/tax/summary').map((c) => c.query.get('month')),
    ).toEqual(['2026-11', '2026-10']);
  }, 15_000);

  it('is not for a packer', async () => {
    const api = fakeApi({ 'GET /api/admin/me': { body: signedInAs(staffMember('packer')) } });
    renderAdmin('/tax');
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    expect(api.calls.map((c) => c.path)).toEqual(['/api/admin/me']);
  });

  it('lists the e-invoices still waiting for their IRN, with why and their order', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('owner')) },
      'GET /api/admin/tax/summary': (sent: Sent) => ({ body: empty(sent.query.get('month')!) }),
      'GET /api/admin/tax/e-invoices/pending': {
        body: {
          e_invoices: [
            {
              order_id: 41,
              kind: 'invoice',
              number: 'KR/26-27/000012',
              issued_at: '2026-11-29T06:30:00.000Z',
              reason: 'The IRP refused it: 1015: Invalid GSTIN for this user',
              attempts: 2,
            },
          ],
        },
      },
    });
    renderAdmin('/tax?month=2026-11');
    const section = within(
      await screen.findByRole('region', { name: 'IRN pending: 1 document' }, { timeout: 5000 }),
    );
    section.getByText('The IRP refused it: 1015: Invalid GSTIN for this user');
    expect(section.getByRole('link', { name: 'Order #41' }).getAttribute('href')).toBe(
      '/admin/orders/41',
    );
    section.getByText(/2 tries/);
  });
});
