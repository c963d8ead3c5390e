// Product views counted in memory and added to the database in batches: a page view under a
// drop would otherwise be a write (and a row lock) per request. What a process has not yet
// flushed when it dies without closing is lost: at most one interval of its views
// (docs/decisions/008-whole-answers-cached.md).

export const VIEW_FLUSH_INTERVAL_MS = 1000;
/** Distinct products held between flushes; views of further products are not counted. */
export const MAX_BUFFERED_PRODUCTS = 100_000;

export type WriteViews = (counts: readonly { id: number; views: number }[]) => Promise<void>;

export class ViewCounts {
  private counts = new Map<number, number>();
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: WriteViews,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Counts one view of the product. */
  add(id: number): void {
    this.addViews(id, 1);
  }

  private addViews(id: number, views: number): void {
    const held = this.counts.get(id);
    if (held === undefined && this.counts.size >= MAX_BUFFERED_PRODUCTS) return;
    this.counts.set(id, (held ?? 0) + views);
  }

  /**
   * Writes the views counted so far, one flush at a time. A failed write keeps its views for
   * the next flush.
   */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.counts.size === 0) return;
    const batch = this.counts;
    this.counts = new Map();
    const counts = [...batch].map(([id, views]) => ({ id, views }));
    this.flushing = this.write(counts).then(
      () => undefined,
      (err: unknown) => {
        for (const { id, views } of counts) this.addViews(id, views);
        this.onError(err);
      },
    );
    try {
      await this.flushing;
    } finally {
      this.flushing = undefined;
    }
  }

  /** Flushes every `intervalMs` until stopped. */
  start(intervalMs = VIEW_FLUSH_INTERVAL_MS): void {
    this.timer ??= setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Stops the interval and writes what is left. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
