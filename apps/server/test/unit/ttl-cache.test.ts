import { describe, expect, it } from 'vitest';
import { TtlCache } from '../../src/lib/ttl-cache.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function cache() {
  return new TtlCache<string>({ ttlMs: 30_000, maxWeight: 1000, weigh: () => 1 });
}

describe('TtlCache.clear() wins over loads in flight', () => {
  it('a load started before a clear does not store its (stale) result', async () => {
    const c = cache();
    const stale = deferred<string>();
    const before = c.getOrLoad('k', () => stale.promise);
    c.clear(); // e.g. an operator disabled a material while the search was running
    stale.resolve('with the disabled material');
    await expect(before).resolves.toBe('with the disabled material');
    expect(c.get('k')).toBeUndefined();
    await expect(c.getOrLoad('k', () => Promise.resolve('fresh'))).resolves.toBe('fresh');
  });

  it('a request after the clear starts its own load instead of joining the stale one', async () => {
    const c = cache();
    const stale = deferred<string>();
    const before = c.getOrLoad('k', () => stale.promise);
    c.clear();
    const after = c.getOrLoad('k', () => Promise.resolve('fresh'));
    stale.resolve('stale');
    await expect(after).resolves.toBe('fresh');
    await before;
    expect(c.get('k')).toBe('fresh');
  });

  it('the stale load finishing last does not drop the fresh load from the single-flight map', async () => {
    const c = cache();
    const stale = deferred<string>();
    const fresh = deferred<string>();
    void c.getOrLoad('k', () => stale.promise);
    c.clear();
    const first = c.getOrLoad('k', () => fresh.promise);
    stale.resolve('stale');
    await Promise.resolve();
    let loads = 0;
    const joined = c.getOrLoad('k', () => {
      loads += 1;
      return Promise.resolve('third');
    });
    fresh.resolve('fresh');
    await expect(Promise.all([first, joined])).resolves.toEqual(['fresh', 'fresh']);
    expect(loads).toBe(0);
  });

  it('loads without a clear are still shared and cached', async () => {
    const c = cache();
    let loads = 0;
    const load = () => {
      loads += 1;
      return Promise.resolve('v');
    };
    await Promise.all([c.getOrLoad('k', load), c.getOrLoad('k', load)]);
    await c.getOrLoad('k', load);
    expect(loads).toBe(1);
  });
});

describe('TtlCache.peek()', () => {
  it('gives a held value without loading, joining a load in flight or counting a lookup', async () => {
    const lookups: boolean[] = [];
    const c = new TtlCache<string>({
      ttlMs: 30_000,
      maxWeight: 1000,
      weigh: () => 1,
      onLookup: (hit) => lookups.push(hit),
    });
    const pending = deferred<string>();
    const loading = c.getOrLoad('k', () => pending.promise);
    expect(c.peek('k')).toBeUndefined();
    pending.resolve('set');
    await loading;
    expect(c.peek('k')).toBe('set');
    expect(lookups).toEqual([false]);
  });

  it('gives nothing once the value has expired', () => {
    let now = 0;
    const c = new TtlCache<string>({ ttlMs: 1_000, maxWeight: 1000, weigh: () => 1, now: () => now });
    c.set('k', 'v');
    now = 1_000;
    expect(c.peek('k')).toBeUndefined();
  });
});

describe('TtlCache time-to-live', () => {
  it('keeps a value for the cache’s time-to-live, or for the one it was stored with', () => {
    let now = 0;
    const c = new TtlCache<string>({ ttlMs: 30_000, maxWeight: 1000, weigh: () => 1, now: () => now });
    c.set('usual', 'a');
    c.set('longer', 'b', 600_000);
    now = 30_000;
    expect(c.get('usual')).toBeUndefined();
    expect(c.get('longer')).toBe('b');
    now = 600_000;
    expect(c.get('longer')).toBeUndefined();
  });
});
