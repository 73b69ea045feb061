import { cancelExpiredOrders, type PaymentDeps, type PaymentLog, type SweepResult } from './payment.service.js';

/**
 * Runs the unpaid-order sweep in-process every ORDER_SWEEP_INTERVAL_SECONDS (main.ts starts and
 * stops it). Several servers may sweep at once: every step is a conditional update or an
 * idempotent gateway call, so they only repeat each other's work. Tests call
 * cancelExpiredOrders directly.
 */
export class UnpaidOrderSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<SweepResult | null> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: PaymentDeps,
    private readonly log: PaymentLog,
    private readonly intervalMs: number = deps.config.payments.sweepIntervalSeconds * 1000,
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
  runOnce(): Promise<SweepResult | null> {
    this.running ??= cancelExpiredOrders(this.deps, this.log)
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'unpaid-order sweep failed');
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
    // The sweep alone never keeps the process alive.
    this.timer.unref();
  }
}
