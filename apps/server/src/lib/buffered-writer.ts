/**
 * Buffers rows and writes them in one multi-row INSERT a moment later, so a request never waits
 * for (or pays a commit for) its own statistic line: the search log, analytics events. Lines
 * buffered when the process dies are lost; these are statistics, so that is acceptable. A failed
 * write is reported and dropped rather than retried, and the buffer is bounded so a database
 * outage cannot grow it.
 */
export class BufferedWriter<T> {
  private buffer: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (entries: T[]) => Promise<void>,
    private readonly reportError: (error: unknown) => void,
    private readonly options: { delayMs: number; maxBatch: number; maxBuffered: number } = {
      delayMs: 200,
      maxBatch: 500,
      maxBuffered: 20_000,
    },
  ) {}

  record(entry: T): void {
    if (this.buffer.length >= this.options.maxBuffered) return;
    this.buffer.push(entry);
    if (this.buffer.length >= this.options.maxBatch) {
      void this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.delayMs);
      this.timer.unref();
    }
  }

  /** Writes everything buffered so far; resolves when it is stored (or the write failed). */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.buffer;
    this.buffer = [];
    // Writes are chained so batches land in order and `flush` waits for earlier ones too.
    this.writing = this.writing.then(async () => {
      for (let i = 0; i < batch.length; i += this.options.maxBatch) {
        try {
          await this.write(batch.slice(i, i + this.options.maxBatch));
        } catch (error) {
          this.reportError(error);
        }
      }
    });
    return this.writing;
  }
}
