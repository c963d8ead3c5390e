// Turns at a size's stock: first come, first served, per key; sizes apart never wait.
import { describe, expect, it } from 'vitest';
import { Turns } from './stock-turns.js';

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('turns at a size', () => {
  it('are taken in arrival order, one holder at a time', async () => {
    const turns = new Turns(1);
    const log: string[] = [];
    const order = async (name: string) => {
      const end = await turns.enter(['7 M']);
      log.push(`${name} in`);
      await settle();
      log.push(`${name} out`);
      end();
    };
    await Promise.all(['a', 'b', 'c'].map(order));
    expect(log).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
    expect(turns.busy).toBe(0);
  });

  it('leave other sizes free', async () => {
    const turns = new Turns(1);
    const endM = await turns.enter(['7 M']);
    const endL = await turns.enter(['7 L']);
    let waited = false;
    const next = turns.enter(['7 M']).then((end) => {
      waited = true;
      return end;
    });
    await settle();
    expect(waited).toBe(false);
    endL();
    await settle();
    expect(waited).toBe(false);
    endM();
    (await next)();
    expect(waited).toBe(true);
    expect(turns.busy).toBe(0);
  });

  it('hold every size of an order until it ends, and ending twice frees nothing more', async () => {
    const turns = new Turns(1);
    const first = await turns.enter(['7 L', '7 M', '7 L']);
    const entered: string[] = [];
    const waitFor = (key: string) =>
      turns.enter([key]).then((end) => {
        entered.push(key);
        return end;
      });
    const second = waitFor('7 M');
    const third = waitFor('7 L');
    await settle();
    expect(entered).toEqual([]);
    first();
    first();
    const [endM, endL] = await Promise.all([second, third]);
    expect(entered.sort()).toEqual(['7 L', '7 M']);
    // The second holder of M still holds it: a newcomer waits.
    let fourthIn = false;
    const fourth = turns.enter(['7 M']).then((end) => {
      fourthIn = true;
      return end;
    });
    await settle();
    expect(fourthIn).toBe(false);
    endM();
    endL();
    (await fourth)();
    expect(turns.busy).toBe(0);
  });

  it('let as many in as their width, the next in arrival order as each leaves', async () => {
    const turns = new Turns(2);
    const inside: string[] = [];
    const ends = new Map<string, () => void>();
    for (const name of ['a', 'b', 'c', 'd']) {
      void turns.enter(['7 M']).then((end) => {
        inside.push(name);
        ends.set(name, end);
      });
    }
    await settle();
    expect(inside).toEqual(['a', 'b']);
    ends.get('b')!();
    await settle();
    expect(inside).toEqual(['a', 'b', 'c']);
    ends.get('a')!();
    ends.get('c')!();
    await settle();
    expect(inside).toEqual(['a', 'b', 'c', 'd']);
    ends.get('d')!();
    expect(turns.busy).toBe(0);
  });
});
