import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SavedOverlay } from './saved-overlay';

function Page() {
  const [shown, setShown] = useState(true);
  const [renders, setRenders] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setRenders((n) => n + 1)}>
        render {renders}
      </button>
      {shown && <SavedOverlay discountRupees={150} onDone={() => setShown(false)} />}
    </>
  );
}

describe('the coupon celebration', () => {
  it('lasts 6 seconds however often the page renders meanwhile', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      render(<Page />);
      expect(screen.getByRole('status').textContent).toContain('You saved ₹ 150');
      act(() => void vi.advanceTimersByTime(3_000));
      act(() => screen.getByRole('button').click());
      act(() => void vi.advanceTimersByTime(2_900));
      expect(screen.queryByRole('status')?.textContent).toContain('You saved ₹ 150');
      act(() => void vi.advanceTimersByTime(200));
      expect(screen.queryByRole('status')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the rupee sign and the amount together on one line', () => {
    render(<SavedOverlay discountRupees={1250} onDone={() => undefined} />);
    const amount = screen.getByTestId('saved-amount');
    expect(amount.textContent).toBe('₹ 1,250');
    expect(amount.className).toContain('whitespace-nowrap');
  });
});
