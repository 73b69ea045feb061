import { PeriodicTask } from '../../jobs/periodic-task.js';
import { cancelExpiredOrders, type SweepResult } from './close-trades.js';
import type { PaymentLog } from './payment-method.js';
import type { PaymentDeps } from './payment.service.js';

/**
 * Runs the unpaid-order sweep in-process every ORDER_SWEEP_INTERVAL_SECONDS (main.ts starts and
 * stops it). Several servers may sweep at once: every step is a conditional update or an
 * idempotent gateway call, so they only repeat each other's work. Tests call
 * cancelExpiredOrders directly.
 */
export class UnpaidOrderSweeper extends PeriodicTask<SweepResult> {
  constructor(
    deps: PaymentDeps,
    log: PaymentLog,
    intervalMs: number = deps.config.payments.sweepIntervalSeconds * 1000,
  ) {
    super('unpaid-order sweep', () => cancelExpiredOrders(deps, log), intervalMs, log);
  }
}
