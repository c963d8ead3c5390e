import type { CatalogueImportLine, CatalogueImportResult } from '@kitroom/contract/admin';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const result = (overrides: Partial<CatalogueImportResult>): CatalogueImportResult => ({
  type: 'result',
  outcome: 'checked',
  rows: 3,
  creates: 0,
  updates: 0,
  unchanged: 3,
  stock_changes: 0,
  new_sub_categories: [],
  changes: [],
  errors: [],
  error_count: 0,
  plan: 'a'.repeat(64),
  ...overrides,
});

/** The server: who is signed in, and the import's NDJSON lines for each mode. */
function server(role: 'manager' | 'packer', responses: Record<string, CatalogueImportLine[]>) {
  const imports: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://shop.test');
      if (url.pathname === '/api/admin/me') {
        return Response.json(signedInAs(staffMember(role)));
      }
      if (url.pathname === '/api/admin/catalogue/csv' && init?.method === 'POST') {
        imports.push(url);
        const lines = responses[url.searchParams.get('mode') ?? ''] ?? [];
        return new Response(lines.map((l) => `${JSON.stringify(l)}\n`).join(''), {
          headers: { 'content-type': 'application/x-ndjson' },
        });
      }
      throw new Error(`no fake response for ${url.pathname}`);
    }),
  );
  return { imports };
}

async function chooseFile() {
  const input = await screen.findByLabelText('CSV file');
  const file = new File(['id,name\n'], 'products.csv', { type: 'text/csv' });
  fireEvent.change(input, { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
}

describe('the import / export page', () => {
  it('shows a dry run with errors by row and column, and applies nothing', async () => {
    server('manager', {
      'dry-run': [
        { type: 'progress', phase: 'reading', rows: 3, of: 3, bytes: 8 },
        result({
          outcome: 'refused',
          unchanged: 1,
          updates: 1,
          error_count: 2,
          errors: [
            {
              row: 3,
              product: '#12 Kerala Blasters Home',
              column: 'price',
              message: 'price must be rupees, like 1499.00',
            },
            {
              row: 4,
              product: 'Gokulam Away',
              column: 'team',
              message: 'there is no team named "Atletico Kozhikode"',
            },
          ],
        }),
      ],
    });
    renderAdmin('/catalogue/csv');
    await chooseFile();
    expect(await screen.findByText('Nothing was applied: the file has errors.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Errors by row and column' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Row 3', '#12 Kerala Blasters Home', 'price', 'price must be rupees, like 1499.00'],
      ['Row 4', 'Gokulam Away', 'team', 'there is no team named "Atletico Kozhikode"'],
    ]);
    const counts = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(counts).toEqual(['0', '1', '1', '2']);
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', true);
  });

  it('applies a checked file with the plan of its dry run', async () => {
    const changes = [
      {
        row: 2,
        id: 7,
        name: 'Kerala Blasters Home',
        action: 'update' as const,
        fields: ['price', 'sizes'],
      },
      { row: 5, id: null, name: 'Kerala Blasters Away', action: 'create' as const, fields: [] },
    ];
    const { imports } = server('manager', {
      'dry-run': [result({ creates: 1, updates: 1, unchanged: 10_000, stock_changes: 2, changes })],
      apply: [
        { type: 'progress', phase: 'applying', rows: 2, of: 2, bytes: 8 },
        result({
          outcome: 'applied',
          creates: 1,
          updates: 1,
          unchanged: 10_000,
          stock_changes: 2,
          changes,
        }),
      ],
    });
    renderAdmin('/catalogue/csv');
    await chooseFile();
    expect(await screen.findByText('Checked: nothing has been changed yet.')).toBeTruthy();
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual([
      '1',
      '1',
      '10,000',
      '0',
    ]);
    const table = screen.getByRole('table', { name: 'Products that change' });
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('price, sizes');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Applied: the catalogue now matches the file.')).toBeTruthy();
    expect(screen.getByText(/2 stock counts changed/)).toBeTruthy();
    expect(imports.map((u) => [u.searchParams.get('mode'), u.searchParams.get('plan')])).toEqual([
      ['dry-run', null],
      ['apply', 'a'.repeat(64)],
    ]);
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', true);
  });

  it('lets a packer download the file but not import one', async () => {
    server('packer', {});
    renderAdmin('/catalogue/csv');
    const link = await screen.findByRole('link', { name: 'Download products CSV' });
    expect(link.getAttribute('href')).toBe('/api/admin/catalogue/csv');
    expect(screen.queryByLabelText('CSV file')).toBeNull();
    expect(screen.getByRole('link', { name: 'Import / export' })).toBeTruthy();
  });
});
