// Turns at a size's stock, per server process (decision 082). Orders for the same size wait
// for their turn here, in arrival order, and only two at a time go on to PostgreSQL's row
// lock: the one holding it and the next. So at most two orders per process are at a size's
// row in the database. PostgreSQL would queue them too, and the result would be the
// same; but a queue of fifty backends on one row costs CPU at every hand-over. A launch or a
// hot size is where that matters. The database's conditional update still decides every unit.

/**
 * Keyed first-come turns: a key is held by at most `width` callers at a time, the rest wait in
 * arrival order.
 */
export class Turns {
  private readonly keys = new Map<string, { holders: number; waiting: (() => void)[] }>();

  constructor(private readonly width = 1) {}

  /**
   * Waits for the turn at every key, one after another in the order given (give every caller
   * the same order, as the stock's lock order is, and no two can wait for each other), and
   * returns the function that ends them all. Ending twice does nothing.
   */
  async enter(keys: readonly string[]): Promise<() => void> {
    const ends: (() => void)[] = [];
    for (const key of new Set(keys)) ends.push(await this.enterOne(key));
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      for (const end of ends.reverse()) end();
    };
  }

  /** Keys someone holds or waits for (a key nobody holds is forgotten). */
  get busy(): number {
    return this.keys.size;
  }

  private async enterOne(key: string): Promise<() => void> {
    let turn = this.keys.get(key);
    if (!turn) {
      turn = { holders: 0, waiting: [] };
      this.keys.set(key, turn);
    }
    const held = turn;
    if (held.holders < this.width) held.holders += 1;
    // Woken by a holder's end, which hands its place over: the count of holders stays.
    else await new Promise<void>((resolve) => held.waiting.push(resolve));
    return () => {
      const next = held.waiting.shift();
      if (next) next();
      else if (--held.holders === 0) this.keys.delete(key);
    };
  }
}

/**
 * The stock turns of this process: one key per (product, size) (order-stock.ts's stockKey), two orders at a time: one
 * holding the row, the next already waiting on it in PostgreSQL, so the hand-over between
 * them needs no round trip through this process.
 */
export const stockTurns = new Turns(2);
