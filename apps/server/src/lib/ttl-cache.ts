/**
 * A small in-process cache with a time-to-live, least-recently-used eviction by total weight,
 * and single-flight loading (concurrent misses for one key share one load). Entries are only
 * ever a speed-up: the cached value is recomputed identically from the database after expiry.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number; weight: number }>();
  private readonly loading = new Map<string, Promise<V>>();
  private totalWeight = 0;
  /** Bumped by clear(): a load started in an older generation may not store its result. */
  private generation = 0;

  constructor(
    private readonly options: {
      ttlMs: number;
      maxWeight: number;
      weigh: (value: V) => number;
      now?: () => number;
      /**
       * Told of every lookup through get() and getOrLoad(): hit when answered without a load of
       * its own (a cached value, or joining a load in flight), miss when it had to load (metrics).
       */
      onLookup?: (hit: boolean) => void;
    },
  ) {}

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  get(key: string): V | undefined {
    const value = this.lookup(key);
    this.options.onLookup?.(value !== undefined);
    return value;
  }

  /** The cached value if any, without loading, joining a load or counting a lookup. */
  peek(key: string): V | undefined {
    return this.lookup(key);
  }

  private lookup(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.delete(key);
      return undefined;
    }
    // Re-insert to mark it most recently used (a Map iterates in insertion order).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores a value for the cache's time-to-live, or for `ttlMs` when given. */
  set(key: string, value: V, ttlMs = this.options.ttlMs): void {
    this.delete(key);
    const weight = Math.max(1, this.options.weigh(value));
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs, weight });
    this.totalWeight += weight;
    this.evict();
  }

  /** Re-weighs an entry whose value grew in place, keeping its expiry. */
  reweigh(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    const weight = Math.max(1, this.options.weigh(entry.value));
    this.totalWeight += weight - entry.weight;
    entry.weight = weight;
    this.evict();
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
  }

  /**
   * Drops every entry and every load in flight: a load that started before the clear (and may
   * have read the data the clear is about) neither stores its result nor is joined by later
   * requests, which start a fresh load.
   */
  clear(): void {
    this.entries.clear();
    this.loading.clear();
    this.totalWeight = 0;
    this.generation += 1;
  }

  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const cached = this.lookup(key);
    const pending = cached === undefined ? this.loading.get(key) : undefined;
    this.options.onLookup?.(cached !== undefined || pending !== undefined);
    if (cached !== undefined) return cached;
    if (pending) return pending;
    const generation = this.generation;
    const settle = () => {
      if (this.loading.get(key) === promise) this.loading.delete(key);
    };
    const promise: Promise<V> = load().then(
      (value) => {
        settle();
        if (generation === this.generation) this.set(key, value);
        return value;
      },
      (error: unknown) => {
        settle();
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  private evict(): void {
    for (const [key] of this.entries) {
      if (this.totalWeight <= this.options.maxWeight || this.entries.size <= 1) break;
      this.delete(key);
    }
  }
}
