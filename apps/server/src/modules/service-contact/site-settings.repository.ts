import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { siteSettings } from '../../db/schema/index.js';
import { preparedIn } from '../../db/sql.js';

export type SiteSettingRow = typeof siteSettings.$inferSelect;

export async function findSiteSetting(db: DbOrTx, key: string): Promise<SiteSettingRow | undefined> {
  // Every paid order reads the order-reward setting: prepared once.
  const [row] = await preparedIn(db, 'site_setting_by_key', (name) =>
    db
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.key, sql.placeholder('key')))
      .limit(1)
      .prepare(name),
  ).execute({ key });
  return row;
}

export async function saveSiteSetting(db: DbOrTx, key: string, value: unknown, operatorSid: string): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key, value, updatedBy: operatorSid })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedBy: operatorSid, updatedAt: sql`now()` } });
}

export async function deleteSiteSetting(db: DbOrTx, key: string): Promise<SiteSettingRow | undefined> {
  const [row] = await db.delete(siteSettings).where(eq(siteSettings.key, key)).returning();
  return row;
}
