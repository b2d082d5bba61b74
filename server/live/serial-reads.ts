/**
 * How a live stream's watcher re-reads what it watches (lifecycle-watch.ts,
 * store-order-feed.ts): one read at a time; wake-ups during a read make one
 * more read after it, never one each; and once closed, no more reads, with
 * close() resolving when a read under way is done (nothing may query a
 * closing database).
 */
export class SerialReads {
  #reading: Promise<void> | undefined;
  #readAgain = false;
  #closed = false;

  constructor(
    private readonly readOnce: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** True once closed: a read that finds it so sends nothing. */
  get closed(): boolean {
    return this.#closed;
  }

  /** The first read, awaited by the caller (its failure is the caller's). */
  first(): Promise<void> {
    return this.readOnce();
  }

  /** Reads again soon. */
  check(): void {
    if (this.#closed) return;
    if (this.#reading) {
      this.#readAgain = true;
      return;
    }
    this.#reading = this.readOnce()
      .catch(this.onError)
      .finally(() => {
        this.#reading = undefined;
        if (this.#readAgain) {
          this.#readAgain = false;
          this.check();
        }
      });
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#reading;
  }
}
