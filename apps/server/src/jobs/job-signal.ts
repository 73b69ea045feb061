/**
 * Wakes an idle in-process worker as soon as work is queued, instead of at its next poll. Only a
 * shortcut: the jobs table is the truth, and a worker on another server finds the job by polling.
 */
export class JobSignal {
  private waiters = new Set<() => void>();

  notify(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  /** Resolves on the next notify() or after `ms`, whichever comes first. */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.waiters.add(wake);
    });
  }
}
