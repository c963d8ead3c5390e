// Turns at a size's stock, per server process (decision 082). Orders for the same size wait
// for their turn here, in arrival order, and each goes on to PostgreSQL's row lock only when
// the one before it in this process has committed. So at most one order per process waits on
// a size's row in the database. PostgreSQL would queue them too, and the result would be the
// same; but a queue of fifty backends on one row costs CPU at every hand-over. A launch or a
// hot size is where that matters. The database's conditional update still decides every unit.

/** Keyed first-come turns: a key is held by one caller at a time, the rest wait in order. */
export class Turns {
  private readonly tails = new Map<string, Promise<void>>();

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

  /** Keys someone holds or waits for (a turn ended by all is forgotten). */
  get busy(): number {
    return this.tails.size;
  }

  private async enterOne(key: string): Promise<() => void> {
    const before = this.tails.get(key);
    let end!: () => void;
    const mine = new Promise<void>((resolve) => (end = resolve));
    const tail = before ? before.then(() => mine) : mine;
    this.tails.set(key, tail);
    if (before) await before;
    return () => {
      end();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }
}

/** The stock turns of this process: one key per (product, size). */
export const stockTurns = new Turns();

/** A size's key, in the stock's lock order when sorted with `byLockOrder`. */
export const stockKey = (line: { productId: number; size: string }) =>
  `${line.productId}\u0000${line.size}`;
