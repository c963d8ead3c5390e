import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { Route } from '@/ui/router';
import { describe, expect, it } from 'vitest';
import { eventually } from '@/test/eventually';
import { fakeApi, ok } from '@/test/fake-api';
import { logInLocally, renderApp } from '@/test/render-app';
import { WholesalePrice } from './wholesale-price';

function Product() {
  const [quantity, setQuantity] = useState(1);
  return (
    <>
      <WholesalePrice productId={7} quantity={quantity} />
      <button type="button" onClick={() => setQuantity((q) => q + 1)}>
        More
      </button>
    </>
  );
}

describe('WholesalePrice', () => {
  it('asks a retail shopper once per visit, not again at each quantity tap', async () => {
    logInLocally(5);
    const api = fakeApi();
    api.on('wholesale_prices.php', () => ok({ wholesale: false }));
    renderApp(<Route path="/" element={<Product />} />, '/');
    await eventually(() => expect(api.calls['wholesale_prices.php']).toHaveLength(1));
    // The response arrives (nothing shows for a retail shopper), then the shopper taps.
    await new Promise((r) => setTimeout(r, 100));
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    // Give any call the taps would start time to be made.
    await new Promise((r) => setTimeout(r, 100));
    expect(api.calls['wholesale_prices.php']).toHaveLength(1);
    expect(screen.queryByTestId('wholesale-price')).toBeNull();
  });
});
