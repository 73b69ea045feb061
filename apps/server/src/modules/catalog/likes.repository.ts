import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { buyerVisibleSql, materialLikes, materials } from '../../db/schema/index.js';
import { afterPosition, countUpTo, type ListPage, positionAt, positionOrder } from '../../lib/list-cursor.js';
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
      .where(and(eq(materials.sid, materialSid), buyerVisibleSql()));
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

/**
 * The like's material is on sale, asked of materials_disabled_idx (the few taken off sale)
 * rather than of each material's row: what lets the count read likes from their index alone.
 */
const notTakenOffSale = sql`not exists (select 1 from ${materials} where ${materials.sid} = ${materialLikes.materialSid} and ${materials.disabled})`;

export type LikedMaterialRow = MaterialRow & { position: string };

/**
 * A user's liked materials that are still on sale, the newest like first (material breaking
 * ties), each with its like's position for the next page's cursor: after `after` when given
 * (keyset), else from `offset`. material_likes_user_created_idx gives the order; each like finds
 * its material by key to leave out a disabled one, so a page reads about a page of likes.
 */
export function listLikedMaterialsQuery(db: DbOrTx, userSid: string, page: ListPage) {
  return db
    .select({ ...MATERIAL_COLUMNS, position: positionAt(materialLikes.createdAt) })
    .from(materialLikes)
    .innerJoin(materials, eq(materials.sid, materialLikes.materialSid))
    .where(
      and(
        visibleLikes(userSid),
        page.after ? afterPosition(materialLikes.createdAt, materialLikes.materialSid, page.after) : undefined,
      ),
    )
    .orderBy(positionOrder(materialLikes.createdAt, materialLikes.materialSid))
    .limit(page.limit)
    .offset(page.after ? 0 : page.offset);
}

export async function listLikedMaterials(db: DbOrTx, userSid: string, page: ListPage): Promise<LikedMaterialRow[]> {
  return listLikedMaterialsQuery(db, userSid, page);
}

/** The user's likes of materials on sale, for a count (no material row is read). */
export function countLikedMaterialsQuery(db: DbOrTx, userSid: string) {
  return db
    .select({ one: sql`1` })
    .from(materialLikes)
    .where(and(eq(materialLikes.userSid, userSid), notTakenOffSale));
}

/** Counted up to COUNT_LIMIT likes: a buyer's likes only grow. */
export async function countLikedMaterials(db: DbOrTx, userSid: string): Promise<number> {
  return countUpTo(db, countLikedMaterialsQuery(db, userSid));
}
