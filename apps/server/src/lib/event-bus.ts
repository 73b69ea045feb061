import type { OrderRow } from '../db/rows.js';

/**
 * Everything one module announces for others to react to, by name, with its payload. A change
 * is announced after it has committed; listeners never undo it.
 */
export interface AppEvents {
  /** A buyer cancelled an unpaid order (the payment module closes any gateway trade left open). */
  'order.cancelled': { order: OrderRow };
  /**
   * What buyers can find has changed (a material became visible, was hidden or re-keyworded,
   * or a media job finished): the buyer-side search drops its in-process caches at once instead
   * of letting them expire. Only this process hears it; other servers catch up within the
   * caches' TTLs (docs/decisions/0004-catalogue-search.md).
   */
  'catalog.changed': Record<string, never>;
  /** A material's detail was shown (the 数据看板's funnel counts it; docs/decisions/0041). */
  'material.viewed': { materialSid: string; userSid: string | null };
  /** A buyer put a material in the cart (the funnel's second step). */
  'cart.added': { materialSid: string; userSid: string };
}

export type EventName = keyof AppEvents;
export type EventHandler<K extends EventName> = (payload: AppEvents[K]) => Promise<void> | void;

/** How a listener's failure is reported (the composition root logs it). */
export type ListenerFailureReporter = (error: unknown, event: EventName, payload: unknown) => void;

/**
 * The in-process event bus of one application. `emit` runs the listeners of an event one after
 * the other and resolves once all have run; a listener that throws is reported and the next one
 * still runs — the emitter never sees the failure, and the change it announced stands.
 */
export class EventBus<Events extends object = AppEvents> {
  private readonly handlers = new Map<keyof Events, ((payload: never) => Promise<void> | void)[]>();

  constructor(
    private readonly reportFailure: (error: unknown, event: keyof Events, payload: unknown) => void = () => undefined,
  ) {}

  on<K extends keyof Events>(event: K, handler: (payload: Events[K]) => Promise<void> | void): void {
    const list = this.handlers.get(event) ?? [];
    list.push(handler as (payload: never) => Promise<void> | void);
    this.handlers.set(event, list);
  }

  async emit<K extends keyof Events>(event: K, payload: Events[K]): Promise<void> {
    for (const handler of this.handlers.get(event) ?? []) {
      try {
        await (handler as (payload: Events[K]) => Promise<void> | void)(payload);
      } catch (error) {
        this.reportFailure(error, event, payload);
      }
    }
  }
}
