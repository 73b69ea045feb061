import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { materialLikes, materials } from '../../db/schema/index.js';
import { MATERIAL_COLUMNS, type MaterialRow } from './catalog.repository.js';

export interface LikeState {
  liked: boolean;
  likeCount: number;
}

/**
 * Likes a material once. The like row and the counter change in one transaction, and the
 * counter moves only when the row was really inserted: a second like (or a concurrent one for
 * the same pair, which waits on the primary key) changes nothing, so likeCount stays exact.
 * Undefined when there is no such visible material.
 */
export async function likeMaterial(db: DbOrTx, userSid: string, materialSid: string): Promise<LikeState | undefined> {
  return db.transaction(async (tx) => {
    const material = await tx
      .select({ likeCount: materials.likeCount })
      .from(materials)
      .where(and(eq(materials.sid, materialSid), eq(materials.disabled, false)));
    if (material.length === 0) return undefined;
    const inserted = await tx
      .insert(materialLikes)
      .values({ userSid, materialSid })
      .onConflictDoNothing()
      .returning({ materialSid: materialLikes.materialSid });
    if (inserted.length === 0) return { liked: true, likeCount: await readLikeCount(tx, materialSid) };
    const updated = await tx
      .update(materials)
      .set({ likeCount: sql`${materials.likeCount} + 1` })
      .where(eq(materials.sid, materialSid))
      .returning({ likeCount: materials.likeCount });
    return { liked: true, likeCount: updated[0]?.likeCount ?? 0 };
  });
}

/** Removes a like; the counter moves only when a row was really deleted. Undefined for an unknown material. */
export async function unlikeMaterial(db: DbOrTx, userSid: string, materialSid: string): Promise<LikeState | undefined> {
  return db.transaction(async (tx) => {
    const material = await tx.select({ sid: materials.sid }).from(materials).where(eq(materials.sid, materialSid));
    if (material.length === 0) return undefined;
    const deleted = await tx
      .delete(materialLikes)
      .where(and(eq(materialLikes.userSid, userSid), eq(materialLikes.materialSid, materialSid)))
      .returning({ materialSid: materialLikes.materialSid });
    if (deleted.length === 0) return { liked: false, likeCount: await readLikeCount(tx, materialSid) };
    const updated = await tx
      .update(materials)
      .set({ likeCount: sql`${materials.likeCount} - 1` })
      .where(eq(materials.sid, materialSid))
      .returning({ likeCount: materials.likeCount });
    return { liked: false, likeCount: updated[0]?.likeCount ?? 0 };
  });
}

async function readLikeCount(db: DbOrTx, materialSid: string): Promise<number> {
  const rows = await db
    .select({ likeCount: materials.likeCount })
    .from(materials)
    .where(eq(materials.sid, materialSid));
  return rows[0]?.likeCount ?? 0;
}

/** Which of these materials the user has liked. */
export async function findLikedSids(db: DbOrTx, userSid: string, materialSids: string[]): Promise<Set<string>> {
  if (materialSids.length === 0) return new Set();
  const rows = await db
    .select({ materialSid: materialLikes.materialSid })
    .from(materialLikes)
    .where(and(eq(materialLikes.userSid, userSid), inArray(materialLikes.materialSid, materialSids)));
  return new Set(rows.map((r) => r.materialSid));
}

const visibleLikes = (userSid: string) => and(eq(materialLikes.userSid, userSid), eq(materials.disabled, false));

/** A user's liked materials that are still on sale, the newest like first. */
export async function listLikedMaterials(
  db: DbOrTx,
  userSid: string,
  page: { offset: number; limit: number },
): Promise<MaterialRow[]> {
  return db
    .select(MATERIAL_COLUMNS)
    .from(materialLikes)
    .innerJoin(materials, eq(materials.sid, materialLikes.materialSid))
    .where(visibleLikes(userSid))
    .orderBy(desc(materialLikes.createdAt), desc(materialLikes.materialSid))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countLikedMaterials(db: DbOrTx, userSid: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(materialLikes)
    .innerJoin(materials, eq(materials.sid, materialLikes.materialSid))
    .where(visibleLikes(userSid));
  return Number(rows[0]?.n ?? 0);
}
