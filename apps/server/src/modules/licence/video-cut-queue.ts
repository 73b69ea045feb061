/**
 * The reframes of licensed videos this process is making (decision 0046), one at a time: a
 * reframe re-encodes the whole video, which on a small server takes the CPU for seconds to
 * minutes, so they never run side by side nor inside a request. Made once per process, with the
 * licence service.
 */
export class VideoCutQueue {
  /** Queued or running, by storage key of the cut. */
  private readonly pending = new Map<string, Promise<void>>();
  /** Cuts whose last attempt failed, by key (oldest first, at most FAILURES_KEPT). */
  private readonly failures = new Set<string>();
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly maxPending: number) {}

  isPending(key: string): boolean {
    return this.pending.has(key);
  }

  /** Whether the last attempt at `key` failed; answered once, so the next download tries again. */
  takeFailure(key: string): boolean {
    return this.failures.delete(key);
  }

  /**
   * Queues `work` for `key` unless it is already queued or running. False when the queue is full:
   * nothing is queued, so a burst of requests cannot pile up hours of encoding.
   */
  enqueue(key: string, work: () => Promise<void>): boolean {
    if (this.pending.has(key)) return true;
    if (this.pending.size >= this.maxPending) return false;
    const done = this.tail
      .then(work)
      .catch(() => {
        this.failures.add(key);
        if (this.failures.size > FAILURES_KEPT) this.failures.delete(this.failures.values().next().value!);
      })
      .finally(() => this.pending.delete(key));
    this.tail = done;
    this.pending.set(key, done);
    return true;
  }

  /** Resolves once nothing is queued or running (the server's shutdown; tests). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending.values()]);
  }
}

const FAILURES_KEPT = 200;
