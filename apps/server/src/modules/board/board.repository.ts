import { and, asc, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { boardComments, boardItems, boards, boardShares, users } from '../../db/schema/index.js';
import { type ListPage, afterPosition, countUpTo, positionAt, positionOrder } from '../../lib/list-cursor.js';

export interface BoardRow {
  sid: string;
  ownerSid: string;
  creatorSid: string;
  name: string;
  createdAt: Date;
}

/** How an account is named to its colleagues: its name, else its sign-in name or contact. */
const displayName = (u: typeof users) => sql<string>`coalesce(${u.name}, ${u.username}, ${u.mobile}, ${u.email}, '')`;

const boardColumns = {
  sid: boards.sid,
  ownerSid: boards.ownerSid,
  creatorSid: boards.creatorSid,
  name: boards.name,
  createdAt: boards.createdAt,
};

/** The company's board, or undefined when it has none by that sid; `lock` holds it for the transaction. */
export async function findBoard(
  db: DbOrTx,
  ownerSid: string,
  sid: string,
  lock = false,
): Promise<BoardRow | undefined> {
  const query = db
    .select(boardColumns)
    .from(boards)
    .where(and(eq(boards.sid, sid), eq(boards.ownerSid, ownerSid)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Serialises creations of one company's boards, so the count checked is the count kept. */
export async function lockOwner(db: DbOrTx, ownerSid: string): Promise<void> {
  await db.select({ sid: users.sid }).from(users).where(eq(users.sid, ownerSid)).for('update');
}

export async function countBoards(db: DbOrTx, ownerSid: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(boards).where(eq(boards.ownerSid, ownerSid));
  return row?.n ?? 0;
}

export async function hasBoardNamed(db: DbOrTx, ownerSid: string, name: string, exceptSid?: string): Promise<boolean> {
  const [row] = await db
    .select({ sid: boards.sid })
    .from(boards)
    .where(and(eq(boards.ownerSid, ownerSid), eq(boards.name, name)))
    .limit(2);
  return row !== undefined && row.sid !== exceptSid;
}

export async function insertBoard(
  db: DbOrTx,
  values: { sid: string; ownerSid: string; creatorSid: string; name: string },
) {
  const [row] = await db.insert(boards).values(values).returning(boardColumns);
  return row!;
}

export async function renameBoard(db: DbOrTx, sid: string, name: string): Promise<void> {
  await db.update(boards).set({ name, updatedAt: new Date() }).where(eq(boards.sid, sid));
}

export async function deleteBoard(db: DbOrTx, sid: string): Promise<void> {
  await db.delete(boards).where(eq(boards.sid, sid));
}

/** A page of the company's boards, newest first (boards_owner_created_idx). */
export async function listBoards(db: DbOrTx, ownerSid: string, page: ListPage) {
  const filter = eq(boards.ownerSid, ownerSid);
  const where = page.after ? and(filter, afterPosition(boards.createdAt, boards.sid, page.after)) : filter;
  const rows = await db
    .select({
      ...boardColumns,
      at: positionAt(boards.createdAt),
      creatorName: displayName(users),
      itemCount: sql<number>`(select count(*)::int from ${boardItems} where ${boardItems.boardSid} = ${boards.sid})`,
    })
    .from(boards)
    .innerJoin(users, eq(users.sid, boards.creatorSid))
    .where(where)
    .orderBy(positionOrder(boards.createdAt, boards.sid))
    .limit(page.limit)
    .offset(page.after ? 0 : page.offset);
  const counted = await countUpTo(
    db,
    db
      .select({ one: sql`1` })
      .from(boards)
      .where(filter),
  );
  return { rows, counted };
}

export async function creatorNameOf(db: DbOrTx, userSid: string): Promise<string> {
  const [row] = await db
    .select({ name: displayName(users) })
    .from(users)
    .where(eq(users.sid, userSid));
  return row?.name ?? '';
}

export interface BoardItemRow {
  boardSid: string;
  materialSid: string;
  spec: number;
  position: number;
  addedByName: string;
  commentCount: number;
  addedAt: Date;
}

/** The materials of boards in board order (board_items_position_idx). */
export async function listItems(db: DbOrTx, boardSids: readonly string[]): Promise<BoardItemRow[]> {
  if (boardSids.length === 0) return [];
  return db
    .select({
      boardSid: boardItems.boardSid,
      materialSid: boardItems.materialSid,
      spec: boardItems.spec,
      position: boardItems.position,
      addedByName: displayName(users),
      commentCount: sql<number>`(select count(*)::int from ${boardComments} where ${boardComments.boardSid} = ${boardItems.boardSid} and ${boardComments.materialSid} = ${boardItems.materialSid})`,
      addedAt: boardItems.createdAt,
    })
    .from(boardItems)
    .innerJoin(users, eq(users.sid, boardItems.addedBy))
    .where(inArray(boardItems.boardSid, [...boardSids]))
    .orderBy(asc(boardItems.boardSid), asc(boardItems.position));
}

/** Up to `per` first materials of each board, for its covers. */
export async function firstItemsOf(db: DbOrTx, boardSids: readonly string[], per: number) {
  if (boardSids.length === 0) return [];
  const ranked = db
    .select({
      boardSid: boardItems.boardSid,
      materialSid: boardItems.materialSid,
      rank: sql<number>`row_number() over (partition by ${boardItems.boardSid} order by ${boardItems.position})`.as(
        'rank',
      ),
    })
    .from(boardItems)
    .where(inArray(boardItems.boardSid, [...boardSids]))
    .as('ranked');
  return db
    .select({ boardSid: ranked.boardSid, materialSid: ranked.materialSid })
    .from(ranked)
    .where(sql`${ranked.rank} <= ${per}`)
    .orderBy(ranked.boardSid, ranked.rank);
}

export async function findItem(db: DbOrTx, boardSid: string, materialSid: string) {
  const [row] = await db
    .select({ materialSid: boardItems.materialSid, position: boardItems.position, spec: boardItems.spec })
    .from(boardItems)
    .where(and(eq(boardItems.boardSid, boardSid), eq(boardItems.materialSid, materialSid)));
  return row;
}

export async function countItems(db: DbOrTx, boardSid: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(boardItems).where(eq(boardItems.boardSid, boardSid));
  return row?.n ?? 0;
}

export async function lastPosition(db: DbOrTx, boardSid: string): Promise<number | null> {
  const [row] = await db
    .select({ p: sql<number | null>`max(${boardItems.position})` })
    .from(boardItems)
    .where(eq(boardItems.boardSid, boardSid));
  return row?.p === null || row?.p === undefined ? null : Number(row.p);
}

export async function insertItem(
  db: DbOrTx,
  values: { boardSid: string; materialSid: string; spec: number; position: number; addedBy: string },
): Promise<void> {
  await db.insert(boardItems).values(values);
}

export async function setItemSpec(db: DbOrTx, boardSid: string, materialSid: string, spec: number): Promise<void> {
  await db
    .update(boardItems)
    .set({ spec })
    .where(and(eq(boardItems.boardSid, boardSid), eq(boardItems.materialSid, materialSid)));
}

export async function setItemPosition(
  db: DbOrTx,
  boardSid: string,
  materialSid: string,
  position: number,
): Promise<void> {
  await db
    .update(boardItems)
    .set({ position })
    .where(and(eq(boardItems.boardSid, boardSid), eq(boardItems.materialSid, materialSid)));
}

/** The first position after `position` on the board (null: it is last). */
export async function nextPositionAfter(db: DbOrTx, boardSid: string, position: number | null): Promise<number | null> {
  const [row] = await db
    .select({ p: boardItems.position })
    .from(boardItems)
    .where(and(eq(boardItems.boardSid, boardSid), position === null ? undefined : gt(boardItems.position, position)))
    .orderBy(asc(boardItems.position))
    .limit(1);
  return row ? Number(row.p) : null;
}

/** Spreads the board's positions out again, keeping their order (only when two neighbours touch). */
export async function respaceItems(db: DbOrTx, boardSid: string, gap: number): Promise<void> {
  await db.execute(sql`
    update ${boardItems} as b set position = r.n * ${gap}
    from (select material_sid, row_number() over (order by position) as n
          from ${boardItems} where board_sid = ${boardSid}) as r
    where b.board_sid = ${boardSid} and b.material_sid = r.material_sid`);
}

export async function deleteItem(db: DbOrTx, boardSid: string, materialSid: string): Promise<void> {
  await db
    .delete(boardComments)
    .where(and(eq(boardComments.boardSid, boardSid), eq(boardComments.materialSid, materialSid)));
  await db.delete(boardItems).where(and(eq(boardItems.boardSid, boardSid), eq(boardItems.materialSid, materialSid)));
}

export async function listComments(db: DbOrTx, boardSid: string, materialSid: string) {
  return db
    .select({
      sid: boardComments.sid,
      authorSid: boardComments.authorSid,
      authorName: displayName(users),
      body: boardComments.body,
      createdAt: boardComments.createdAt,
    })
    .from(boardComments)
    .innerJoin(users, eq(users.sid, boardComments.authorSid))
    .where(and(eq(boardComments.boardSid, boardSid), eq(boardComments.materialSid, materialSid)))
    .orderBy(asc(boardComments.createdAt), asc(boardComments.sid));
}

export async function countComments(db: DbOrTx, boardSid: string, materialSid: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(boardComments)
    .where(and(eq(boardComments.boardSid, boardSid), eq(boardComments.materialSid, materialSid)));
  return row?.n ?? 0;
}

export async function insertComment(
  db: DbOrTx,
  values: { sid: string; boardSid: string; materialSid: string; authorSid: string; body: string },
) {
  const [row] = await db.insert(boardComments).values(values).returning({ createdAt: boardComments.createdAt });
  return row!;
}

const liveShare = (now: Date) =>
  and(isNull(boardShares.revokedAt), or(isNull(boardShares.expiresAt), gt(boardShares.expiresAt, now)));

export async function listLiveShares(db: DbOrTx, boardSid: string, now: Date) {
  return db
    .select({ token: boardShares.token, expiresAt: boardShares.expiresAt, createdAt: boardShares.createdAt })
    .from(boardShares)
    .where(and(eq(boardShares.boardSid, boardSid), liveShare(now)))
    .orderBy(asc(boardShares.createdAt));
}

export async function insertShare(
  db: DbOrTx,
  values: { token: string; boardSid: string; createdBy: string; expiresAt: Date | null },
) {
  const [row] = await db
    .insert(boardShares)
    .values(values)
    .returning({ token: boardShares.token, expiresAt: boardShares.expiresAt, createdAt: boardShares.createdAt });
  return row!;
}

/** Ends a live link of the board; false when it has none by that token. */
export async function revokeShare(db: DbOrTx, boardSid: string, token: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(boardShares)
    .set({ revokedAt: now })
    .where(and(eq(boardShares.boardSid, boardSid), eq(boardShares.token, token), liveShare(now)))
    .returning({ token: boardShares.token });
  return rows.length > 0;
}

/** The board a live link opens. */
export async function findLiveShare(db: DbOrTx, token: string, now: Date) {
  const [row] = await db
    .select({ boardSid: boardShares.boardSid, expiresAt: boardShares.expiresAt, name: boards.name })
    .from(boardShares)
    .innerJoin(boards, eq(boards.sid, boardShares.boardSid))
    .where(and(eq(boardShares.token, token), liveShare(now)));
  return row;
}
