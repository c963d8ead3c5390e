// The bar a shopper sees while a followed link's page loads, and only when it is slow.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageDataContext } from '@/api/page-data';
import NavigationProgress, { SHOW_AFTER_MS } from './navigation-progress';

const location = (key: string) => ({
  pathname: `/product/${key}`,
  search: '',
  hash: '',
  state: null,
  key,
});

function Page({ navigating }: { navigating: ReturnType<typeof location> | null }) {
  return (
    <PageDataContext value={{ data: undefined, navigating }}>
      <NavigationProgress />
    </PageDataContext>
  );
}

/** Lets `ms` go by (the component's timer fires within act). */
async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('the navigation progress bar', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('shows once a page has taken a moment to load, and goes when it is shown', async () => {
    const { rerender } = render(<Page navigating={null} />);
    rerender(<Page navigating={location('a')} />);
    await pass(SHOW_AFTER_MS - 10);
    expect(screen.queryByRole('progressbar')).toBeNull();
    await pass(10);
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeTruthy();
    rerender(<Page navigating={null} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('does not flash for a quick load, nor for a later load before its own moment', async () => {
    const { rerender } = render(<Page navigating={location('a')} />);
    await pass(100);
    rerender(<Page navigating={null} />);
    await pass(SHOW_AFTER_MS);
    expect(screen.queryByRole('progressbar')).toBeNull();
    rerender(<Page navigating={location('b')} />);
    await pass(SHOW_AFTER_MS);
    expect(screen.getByRole('progressbar')).toBeTruthy();
    rerender(<Page navigating={null} />);
    // Back to that slow page's address: a new load, with its own moment.
    rerender(<Page navigating={location('b')} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    await pass(SHOW_AFTER_MS);
    expect(screen.getByRole('progressbar')).toBeTruthy();
  });
});
