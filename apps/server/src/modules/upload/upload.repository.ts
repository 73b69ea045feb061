import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { directUploads } from '../../db/schema/index.js';

export type DirectUploadRow = typeof directUploads.$inferSelect;

export async function insertDirectUpload(db: DbOrTx, row: typeof directUploads.$inferInsert): Promise<void> {
  await db.insert(directUploads).values(row);
}

export async function findDirectUpload(db: DbOrTx, key: string): Promise<DirectUploadRow | undefined> {
  const [row] = await db.select().from(directUploads).where(eq(directUploads.key, key)).limit(1);
  return row;
}

/**
 * Takes the one upload a key's credentials allow; false when the key was never issued or a file
 * was taken (or is being taken) for it already. Atomic, whatever the concurrency.
 */
export async function claimUploadSlot(db: DbOrTx, key: string): Promise<boolean> {
  const rows = await db
    .update(directUploads)
    .set({ uploadedAt: new Date() })
    .where(and(eq(directUploads.key, key), isNull(directUploads.uploadedAt)))
    .returning({ key: directUploads.key });
  return rows.length > 0;
}

/** Gives the slot back after a refused upload, so the same credentials may try again. */
export async function releaseUploadSlot(db: DbOrTx, key: string): Promise<void> {
  await db.update(directUploads).set({ uploadedAt: null }).where(eq(directUploads.key, key));
}

export async function recordUploadCheck(
  db: DbOrTx,
  key: string,
  facts: { contentType: string; width: number; height: number; bytes: number },
): Promise<void> {
  await db
    .update(directUploads)
    .set({ ...facts, checkedAt: new Date() })
    .where(eq(directUploads.key, key));
}

/** Marks the user's uploads as used; returns the keys that were found. */
export async function markUploadsUsed(db: DbOrTx, userSid: string, keys: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const key of keys) {
    const [row] = await db
      .update(directUploads)
      .set({ usedAt: new Date() })
      .where(and(eq(directUploads.key, key), eq(directUploads.userSid, userSid)))
      .returning({ key: directUploads.key });
    if (row) found.push(row.key);
  }
  return found;
}

/** The oldest unused uploads made before `before` (walks direct_uploads_unused_idx). */
export async function listUnusedUploads(db: DbOrTx, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ key: directUploads.key })
    .from(directUploads)
    .where(and(isNull(directUploads.usedAt), lt(directUploads.createdAt, before)))
    .orderBy(asc(directUploads.createdAt))
    .limit(limit);
  return rows.map((r) => r.key);
}

/** Removes the row unless it was used meanwhile; true when it was removed. */
export async function deleteUnusedUpload(db: DbOrTx, key: string): Promise<boolean> {
  const rows = await db
    .delete(directUploads)
    .where(and(eq(directUploads.key, key), isNull(directUploads.usedAt)))
    .returning({ key: directUploads.key });
  return rows.length > 0;
}
