import type { OrderRow } from './order.repository.js';

export type OrderListener = (order: OrderRow) => Promise<void> | void;

/** What closing an order's gateway trades found: a payment (`paid`), or trades left open (`unclosed`). */
export interface ClosedTrades {
  paid: boolean;
  unclosed: number;
}

/** Closes every open gateway trade of an order (the payments module provides it). */
export type TradeCloser = (order: OrderRow) => Promise<ClosedTrades>;

/**
 * Things other modules need to hear about after an order's change has committed — e.g. the
 * payments module closes the gateway's open transaction when an order is cancelled. A
 * listener's failure is reported, never undoes the change and never reaches the buyer.
 */
export class OrderEvents {
  private readonly cancelled: OrderListener[] = [];
  private tradeCloser: TradeCloser | null = null;

  constructor(private readonly reportError: (error: unknown, order: OrderRow) => void = () => undefined) {}

  /** The payments module closes gateway trades before a buyer's cancel through this. */
  setTradeCloser(closer: TradeCloser): void {
    this.tradeCloser = closer;
  }

  /**
   * Closes the order's gateway trades before it is cancelled. Unlike the listeners, a failure
   * here reaches the caller: cancelling without the close could turn a payment into a refund.
   */
  async closeTrades(order: OrderRow): Promise<ClosedTrades> {
    return this.tradeCloser ? this.tradeCloser(order) : { paid: false, unclosed: 0 };
  }

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
