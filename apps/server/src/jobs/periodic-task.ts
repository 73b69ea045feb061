export interface PeriodicTaskLog {
  error(data: object, message: string): void;
}

/**
 * Runs one piece of housekeeping in-process every `intervalMs` (main.ts starts and stops it).
 * A pass already running is joined rather than doubled, a failed pass is logged and retried at
 * the next interval, and the timer alone never keeps the process alive. Several servers may
 * run the same task: each task must be safe to repeat.
 */
export class PeriodicTask<R> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<R | null> | null = null;
  private stopped = false;

  constructor(
    private readonly name: string,
    private readonly pass: () => Promise<R>,
    private readonly intervalMs: number,
    private readonly log: PeriodicTaskLog,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  /** Stops the timer and waits for a pass in progress to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass now; a pass already running is joined rather than doubled. */
  runOnce(): Promise<R | null> {
    this.running ??= this.pass()
      .catch((error: unknown) => {
        this.log.error({ err: error }, `${this.name} failed`);
        return null;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runOnce().finally(() => this.schedule());
    }, this.intervalMs);
    this.timer.unref();
  }
}
