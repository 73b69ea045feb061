import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openPglite, wrapPglite } from '../../src/db/client.js';
import { operators } from '../../src/db/schema/index.js';
import { createOperator } from '../../src/modules/operator/operator.service.js';

/** docs/operations.md § Backup and restore: a dump of the embedded database loads back whole. */
describe('backup and restore of the embedded database', () => {
  it('restores a dump with its data and its migrations', async () => {
    const client = await openPglite();
    const source = wrapPglite(client);
    await migrateDatabase(source);
    await createOperator(source.db, { username: 'restore-check', password: 'Strong-Passw0rd!', name: '恢复' });
    const dump = await client.dumpDataDir('gzip');
    await client.close();

    const restored = wrapPglite(await openPglite({ loadDataDir: dump }));
    try {
      const rows = await restored.db.select().from(operators).where(eq(operators.username, 'restore-check'));
      expect(rows.map((r) => r.name)).toEqual(['恢复']);
      // Nothing left to apply: the restored copy is at this build's schema.
      await expect(migrateDatabase(restored)).resolves.toBeUndefined();
    } finally {
      await restored.close();
    }
  }, 60_000);
});
