import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderAdmin } from '@/test/render-admin';
import { signedInAs, staffMember } from '@/test/staff';

const fan = {
  id: 1,
  name: 'Fan fit',
  fit_note: 'Take your usual size.',
  rows: [{ size: 'M', chest_cm: 102, length_cm: 72 }],
};

const list = {
  size_charts: [fan],
  categories: [
    { id: 4, name: 'Club Jerseys', size_chart_id: 1 },
    { id: 5, name: 'Kids', size_chart_id: null },
  ],
};

describe('the size charts page', { timeout: 20_000 }, () => {
  it('checks measurements with the contract, saves a chart, and sets a category’s chart', async () => {
    const api = fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('manager')) },
      'GET /api/admin/size-charts': { body: list },
      'PATCH /api/admin/size-charts/1': ({ body }) => ({
        body: { size_chart: { id: 1, ...(body as object) } },
      }),
      'PATCH /api/admin/categories/5/size-chart': {
        body: { category: { id: 5, name: 'Kids', size_chart_id: 1 } },
      },
    });
    renderAdmin('/size-charts');
    const form = await screen.findByRole('form', { name: 'Size chart Fan fit' }, { timeout: 5000 });
    fireEvent.change(within(form).getByLabelText('Chest of row 1'), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save chart' }));
    expect(await within(form).findByText('chest: at least 20 cm')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Chest of row 1'), { target: { value: '101.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add size' }));
    fireEvent.change(within(form).getByLabelText('Size of row 2'), { target: { value: 'L' } });
    fireEvent.change(within(form).getByLabelText('Chest of row 2'), { target: { value: '108' } });
    fireEvent.change(within(form).getByLabelText('Length of row 2'), { target: { value: '74' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save chart' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        name: 'Fan fit',
        fit_note: 'Take your usual size.',
        rows: [
          { size: 'M', chest_cm: 101.5, length_cm: 72 },
          { size: 'L', chest_cm: 108, length_cm: 74 },
        ],
      }),
    );
    expect(await within(form).findByText('Saved.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Kids'), { target: { value: '1' } });
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/admin/categories/5/size-chart')?.body).toEqual({
        size_chart_id: 1,
      }),
    );
  });

  it('shows a packer the charts without a way to change them', async () => {
    fakeApi({
      'GET /api/admin/me': { body: signedInAs(staffMember('packer')) },
      'GET /api/admin/size-charts': { body: list },
    });
    renderAdmin('/size-charts');
    const form = await screen.findByRole('form', { name: 'Size chart Fan fit' }, { timeout: 5000 });
    expect(within(form).queryByRole('button', { name: 'Save chart' })).toBeNull();
    expect(within(form).getByLabelText('Chest of row 1').matches(':disabled')).toBe(true);
    expect((screen.getByLabelText('Club Jerseys') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'New size chart' })).toBeNull();
  });
});
