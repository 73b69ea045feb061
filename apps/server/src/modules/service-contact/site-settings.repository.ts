import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { siteSettings } from '../../db/schema/index.js';

export type SiteSettingRow = typeof siteSettings.$inferSelect;

export async function findSiteSetting(db: DbOrTx, key: string): Promise<SiteSettingRow | undefined> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, key)).limit(1);
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
