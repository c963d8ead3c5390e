// A part whose code cannot load leaves the page standing, and loads the next time it opens.
import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectConsoleError } from '@kitroom/ui/console-errors';
import { lazyPart } from './lazy-part';

function Menu() {
  return <nav>The menu</nav>;
}

describe('a lazy part', () => {
  it('shows nothing when its code fails to load, keeps the page, and loads on the next open', async () => {
    expectConsoleError(/Failed to fetch dynamically imported module/);
    let loads = 0;
    const LazyMenu = lazyPart(async () => {
      loads += 1;
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: Menu };
    });
    let toggle: () => void = () => undefined;
    function Page() {
      const [open, setOpen] = useState(false);
      toggle = () => setOpen((o) => !o);
      return (
        <main>
          <h1>The shop</h1>
          {open && (
            <Suspense fallback={null}>
              <LazyMenu />
            </Suspense>
          )}
        </main>
      );
    }
    render(<Page />);

    await act(async () => toggle());
    expect(loads).toBe(1);
    expect(screen.getByRole('heading', { name: 'The shop' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();

    await act(async () => toggle());
    await act(async () => toggle());
    expect(loads).toBe(2);
    expect((await screen.findByRole('navigation')).textContent).toBe('The menu');
  });
});
