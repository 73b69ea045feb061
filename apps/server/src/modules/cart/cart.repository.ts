import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { cartItems, users } from '../../db/schema/index.js';

export interface CartItemRow {
  materialSid: string;
  spec: number;
  chosen: boolean;
  addedAt: Date;
}

/** The account's cart, newest first (the materials themselves come from the catalogue). */
export async function listCartItems(db: DbOrTx, userSid: string): Promise<CartItemRow[]> {
  return db
    .select({
      materialSid: cartItems.materialSid,
      spec: cartItems.spec,
      chosen: cartItems.chosen,
      addedAt: cartItems.createdAt,
    })
    .from(cartItems)
    .where(eq(cartItems.userSid, userSid))
    .orderBy(desc(cartItems.createdAt), desc(cartItems.materialSid));
}

/**
 * Holds the cart owner's account row for the transaction: the cap is checked by counting and then
 * inserting, and two additions at once (two tabs, two boards bought together) would otherwise both
 * count the same figure and pass it together.
 */
export async function lockCartOwner(tx: DbOrTx, userSid: string): Promise<void> {
  await tx.select({ sid: users.sid }).from(users).where(eq(users.sid, userSid)).limit(1).for('update');
}

export async function countCartItems(db: DbOrTx, userSid: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.userSid, userSid));
  return row?.n ?? 0;
}

export async function hasCartItem(db: DbOrTx, userSid: string, materialSid: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(cartItems)
    .where(and(eq(cartItems.userSid, userSid), eq(cartItems.materialSid, materialSid)))
    .limit(1);
  return row !== undefined;
}

/** Adds a material, or changes the licence type of one already there (and chooses it again). */
export async function upsertCartItem(db: DbOrTx, userSid: string, materialSid: string, spec: number): Promise<void> {
  await db
    .insert(cartItems)
    .values({ userSid, materialSid, spec, chosen: true })
    .onConflictDoUpdate({ target: [cartItems.userSid, cartItems.materialSid], set: { spec, chosen: true } });
}

export async function deleteCartItems(db: DbOrTx, userSid: string, materialSids: readonly string[]): Promise<void> {
  if (materialSids.length === 0) return;
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.userSid, userSid), inArray(cartItems.materialSid, [...materialSids])));
}

export async function setCartChosen(
  db: DbOrTx,
  userSid: string,
  materialSids: readonly string[],
  chosen: boolean,
): Promise<void> {
  if (materialSids.length === 0) return;
  await db
    .update(cartItems)
    .set({ chosen })
    .where(and(eq(cartItems.userSid, userSid), inArray(cartItems.materialSid, [...materialSids])));
}
