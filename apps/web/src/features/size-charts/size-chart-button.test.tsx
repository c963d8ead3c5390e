import { fireEvent, screen, within } from '@testing-library/react';
import { Route } from '@/ui/router';
import { describe, expect, it } from 'vitest';
import { eventually } from '@/test/eventually';
import { fakeApi, ok, refuse } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';
import { SizeChartButton } from './size-chart-button';

const chart = {
  name: 'Player fit',
  fit_note: 'Player version runs one size small.',
  rows: [
    { size: 'S', chest_cm: 92, length_cm: 69 },
    { size: 'M', chest_cm: 97.5, length_cm: 71 },
  ],
};

// Each test its own product: the visit's cache keeps a chart once loaded.
function open(productId: number) {
  const api = fakeApi();
  renderApp(<Route path="/" element={<SizeChartButton productId={productId} />} />, '/');
  return api;
}

describe('SizeChartButton', () => {
  it('asks for the chart only when opened, and shows it in centimetres with the fit note', async () => {
    const api = open(7);
    api.on('size_chart.php', () => ok({ size_chart: chart }));
    expect(api.calls['size_chart.php']).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Size chart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Size chart: Player fit' });
    expect(await within(dialog).findByText('Player version runs one size small.')).toBeTruthy();
    const rows = within(dialog)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['SizeChest (cm)Length (cm)', 'S9269', 'M97.571']);
    expect(api.calls['size_chart.php']).toEqual([{ product_id: 7 }]);
  });

  it('takes the focus inside, keeps it there, and closes on Escape back to the button', async () => {
    const api = open(8);
    api.on('size_chart.php', () => ok({ size_chart: chart }));
    const button = screen.getByRole('button', { name: 'Size chart' });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Size chart: Player fit' });
    const close = within(dialog).getByRole('button', { name: 'Close size chart' });
    await eventually(() => expect(document.activeElement).toBe(close));
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Escape' });
    await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('says so when the category has no chart', async () => {
    const api = open(9);
    api.on('size_chart.php', () => ok({ size_chart: null }));
    fireEvent.click(screen.getByRole('button', { name: 'Size chart' }));
    expect(await screen.findByText('This jersey has no size chart yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close size chart' }));
    await eventually(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when the chart could not be loaded', async () => {
    const api = open(10);
    api.on('size_chart.php', () => refuse(404, 'Product not found'));
    fireEvent.click(screen.getByRole('button', { name: 'Size chart' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The size chart could not be loaded. Please try again.',
    );
  });
});
