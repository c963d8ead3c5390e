import { describe, expect, it } from 'vitest';
import { ViewCounts } from './view-counts.js';

type Batch = readonly { id: number; views: number }[];

describe('ViewCounts', () => {
  it('writes the views counted since the last flush, per product', async () => {
    const written: Batch[] = [];
    const views = new ViewCounts(
      async (b) => void written.push(b),
      () => undefined,
    );
    views.add(7);
    views.add(7);
    views.add(9);
    await views.flush();
    await views.flush();
    views.add(9);
    await views.stop();
    expect(written).toEqual([
      [
        { id: 7, views: 2 },
        { id: 9, views: 1 },
      ],
      [{ id: 9, views: 1 }],
    ]);
  });

  it('keeps the views of a failed write for the next one', async () => {
    const written: Batch[] = [];
    const errors: unknown[] = [];
    let fail = true;
    const views = new ViewCounts(
      async (b) => {
        if (fail) throw new Error('database away');
        written.push(b);
      },
      (err) => errors.push(err),
    );
    views.add(3);
    await views.flush();
    expect(errors).toHaveLength(1);
    fail = false;
    views.add(3);
    await views.flush();
    expect(written).toEqual([[{ id: 3, views: 2 }]]);
  });

  it('runs one write at a time', async () => {
    let running = 0;
    let most = 0;
    const views = new ViewCounts(
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
      },
      () => undefined,
    );
    views.add(1);
    const first = views.flush();
    views.add(2);
    await Promise.all([first, views.flush(), views.flush()]);
    expect(most).toBe(1);
  });
});
