import { count } from 'drizzle-orm';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials, users } from '../../src/db/schema/index.js';
import type { LocalDiskStorage } from '../../src/media/storage.js';
import { seedDemoIfEmpty } from '../../demo/demo.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => join(d.parentPath, d.name));
  } catch {
    return [];
  }
}

describe('demo seed, small and concurrent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('two servers starting together seed once, and the loser takes its files back', async () => {
    const storage = t.app.deps.storage as LocalDiskStorage;
    const seed = () =>
      seedDemoIfEmpty({ config: t.config, db: t.database.db, storage, log: () => undefined, imageCount: 3 });
    const results = await Promise.all([seed(), seed()]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    const [m] = await t.database.db.select({ n: count() }).from(materials);
    expect(m!.n).toBe(3 + 6);
    const [u] = await t.database.db.select({ n: count() }).from(users);
    expect(u!.n).toBe(2);
    // Five files per material (original, the two grid thumbnails, cover, watermark) plus each
    // video's preview.
    expect(filesUnder(join(storage.root, 'public')).length + filesUnder(join(storage.root, 'private')).length).toBe(
      9 * 5 + 6,
    );
  });
});
