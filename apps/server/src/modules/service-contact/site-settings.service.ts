import type { DbOrTx } from '../../db/client.js';
import { findSiteSetting, saveSiteSetting, type SiteSettingRow } from './site-settings.repository.js';

/**
 * The site settings operators change in the console (客服设置, the order-reward coupon): one
 * JSON value per key. Other modules read and write their own key through these two doors.
 */
export async function readSiteSetting(db: DbOrTx, key: string): Promise<SiteSettingRow | undefined> {
  return findSiteSetting(db, key);
}

export async function writeSiteSetting(tx: DbOrTx, key: string, value: unknown, operatorSid: string): Promise<void> {
  await saveSiteSetting(tx, key, value, operatorSid);
}
