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
      {shown && <SavedOverlay text="You saved ₹ 150" onDone={() => setShown(false)} />}
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
      expect(screen.queryByText('You saved ₹ 150')).not.toBeNull();
      act(() => void vi.advanceTimersByTime(200));
      expect(screen.queryByText('You saved ₹ 150')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
