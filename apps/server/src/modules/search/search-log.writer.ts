import { createHmac } from 'node:crypto';

export interface SearchLogEntry {
  keyword: string;
  userSid: string | null;
  /** Tells searchers apart for the hot-keyword rule (see searcherKeyOf). */
  searcherKey: string | null;
  resultCount: number;
  createdAt: Date;
}

/**
 * Who searched, for counting different searchers: the account, or for a visitor a keyed hash of
 * the client address (the log never holds the address itself).
 */
export function searcherKeyOf(userSid: string | null, ip: string, secret: Uint8Array): string {
  if (userSid) return `user:${userSid}`;
  return `ip:${createHmac('sha256', secret).update(`gemstock/searcher/v1\n${ip}`).digest('hex').slice(0, 24)}`;
}

/**
 * Buffers search-log rows and writes them in one multi-row INSERT a moment later, so a search
 * never waits for (or pays a commit for) its own log line. Lines buffered when the process dies
 * are lost; hot keywords are a statistic, so that is acceptable. A failed write is reported and
 * dropped rather than retried, and the buffer is bounded so a database outage cannot grow it.
 */
export class SearchLogWriter {
  private buffer: SearchLogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (entries: SearchLogEntry[]) => Promise<void>,
    private readonly reportError: (error: unknown) => void,
    private readonly options: { delayMs: number; maxBatch: number; maxBuffered: number } = {
      delayMs: 200,
      maxBatch: 500,
      maxBuffered: 20_000,
    },
  ) {}

  record(entry: SearchLogEntry): void {
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
