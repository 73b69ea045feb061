import type { OrderRow } from './order.repository.js';

export type OrderListener = (order: OrderRow) => Promise<void> | void;

/**
 * Things other modules need to hear about after an order's change has committed — e.g. the
 * payments module closes the gateway's open transaction when an order is cancelled. A
 * listener's failure is reported, never undoes the change and never reaches the buyer.
 */
export class OrderEvents {
  private readonly cancelled: OrderListener[] = [];

  constructor(private readonly reportError: (error: unknown, order: OrderRow) => void = () => undefined) {}

  onCancelled(listener: OrderListener): void {
    this.cancelled.push(listener);
  }

  async emitCancelled(order: OrderRow): Promise<void> {
    for (const listener of this.cancelled) {
      try {
        await listener(order);
      } catch (error) {
        this.reportError(error, order);
      }
    }
  }
}
