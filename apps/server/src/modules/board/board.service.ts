import {
  BOARD_LIMITS,
  ErrorCode,
  isLicenceType,
  licenceCovers,
  type LicenceType,
  ownerSidOf,
  type TBoardAddRequest,
  type TBoardBuyResponse,
  type TBoardComment,
  type TBoardCommentsResponse,
  type TBoardItem,
  type TBoardListResponse,
  type MaterialFormat,
  type TBoardResponse,
  type TBoardShare,
  type TBoardSummary,
  type TSharedBoardResponse,
  unitPriceCents,
  AccountLevel,
} from '@gemstock/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/rows.js';
import { AppError } from '../../lib/app-error.js';
import { newSid } from '../../lib/ids.js';
import { cappedTotal, listPageOf, pageWithCursor } from '../../lib/list-cursor.js';
import {
  findLikedSids,
  findMaterialsBySids,
  pricedMaterialOf,
  toWireMaterial,
  type PublicUrlOf,
} from '../catalog/index.js';
import { withOwnership } from '../licence/index.js';
import {
  type BoardRow,
  countBoards,
  countComments,
  countItems,
  creatorNameOf,
  deleteBoard,
  deleteItem,
  findBoard,
  findItem,
  findLiveShare,
  firstItemsOf,
  hasBoardNamed,
  insertBoard,
  insertComment,
  insertItem,
  insertShare,
  lastPosition,
  listBoards,
  listComments,
  listItems,
  listLiveShares,
  lockOwner,
  nextPositionAfter,
  renameBoard,
  respaceItems,
  revokeShare,
  setItemPosition,
  setItemSpec,
} from './board.repository.js';

/** Room left between two neighbours on a board: about 20 moves between the same two before a respace. */
export const POSITION_GAP = 1 << 20;
const COVERS = 4;

type CartAdder = (
  user: UserRow,
  items: readonly { materialSid: string; spec: LicenceType }[],
) => Promise<number | null>;

export interface BoardDeps {
  db: Db;
  publicUrlOf: PublicUrlOf;
  /** The cart module's all-or-nothing addition (services.ts wires it). */
  addToCart: CartAdder;
  now?: () => Date;
}

function nowOf(deps: BoardDeps): Date {
  return deps.now?.() ?? new Date();
}

/** The main account edits every board of its company; a sub-account, the boards it made. */
function mayEdit(user: UserRow, board: Pick<BoardRow, 'creatorSid'>): boolean {
  return user.level !== AccountLevel.SUB || board.creatorSid === user.sid;
}

async function boardOf(db: DbOrTx, user: UserRow, sid: string, lock = false): Promise<BoardRow> {
  const board = await findBoard(db, ownerSidOf(user), sid, lock);
  if (!board) throw new AppError(ErrorCode.BOARD_NOT_FOUND);
  return board;
}

async function editableBoardOf(db: DbOrTx, user: UserRow, sid: string): Promise<BoardRow> {
  const board = await boardOf(db, user, sid, true);
  if (!mayEdit(user, board)) throw new AppError(ErrorCode.BOARD_NOT_EDITABLE);
  return board;
}

function titleOf(material: { keywords: readonly string[]; sid: string }): string {
  return material.keywords.slice(0, 3).join(' ') || material.sid;
}

async function coversOf(deps: BoardDeps, boardSids: readonly string[]): Promise<Map<string, string[]>> {
  const first = await firstItemsOf(deps.db, boardSids, COVERS);
  const found = await findMaterialsBySids(
    deps.db,
    first.map((f) => f.materialSid),
  );
  const covers = new Map<string, string[]>();
  for (const item of first) {
    const material = found.get(item.materialSid);
    const url = material && !material.disabled ? deps.publicUrlOf(material.thumbKey) : null;
    if (!url) continue;
    covers.set(item.boardSid, [...(covers.get(item.boardSid) ?? []), url]);
  }
  return covers;
}

export async function listCompanyBoards(
  deps: BoardDeps,
  user: UserRow,
  query: { page: number; page_size: number; cursor?: string | undefined },
): Promise<TBoardListResponse> {
  const { rows: found, counted } = await listBoards(deps.db, ownerSidOf(user), listPageOf(query));
  const { rows, nextCursor } = pageWithCursor(found, query.page_size, (r) => ({ at: r.at, sid: r.sid }));
  const covers = await coversOf(
    deps,
    rows.map((r) => r.sid),
  );
  return {
    ...cappedTotal(counted),
    nextCursor,
    boards: rows.map((r) => ({
      sid: r.sid,
      name: r.name,
      itemCount: Number(r.itemCount),
      covers: covers.get(r.sid) ?? [],
      creatorName: r.creatorName,
      editable: mayEdit(user, r),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

async function summaryOf(deps: BoardDeps, user: UserRow, board: BoardRow): Promise<TBoardSummary> {
  const covers = await coversOf(deps, [board.sid]);
  return {
    sid: board.sid,
    name: board.name,
    itemCount: await countItems(deps.db, board.sid),
    covers: covers.get(board.sid) ?? [],
    creatorName: await creatorNameOf(deps.db, board.creatorSid),
    editable: mayEdit(user, board),
    createdAt: board.createdAt.toISOString(),
  };
}

export async function createBoard(deps: BoardDeps, user: UserRow, input: { name: string }): Promise<TBoardSummary> {
  const ownerSid = ownerSidOf(user);
  const board = await deps.db.transaction(async (tx) => {
    await lockOwner(tx, ownerSid);
    if ((await countBoards(tx, ownerSid)) >= BOARD_LIMITS.boardsPerCompany) {
      throw new AppError(ErrorCode.BOARD_LIMIT_REACHED);
    }
    if (await hasBoardNamed(tx, ownerSid, input.name)) throw new AppError(ErrorCode.BOARD_NAME_TAKEN);
    return insertBoard(tx, { sid: newSid(), ownerSid, creatorSid: user.sid, name: input.name });
  });
  return summaryOf(deps, user, board);
}

export async function renameCompanyBoard(
  deps: BoardDeps,
  user: UserRow,
  sid: string,
  input: { name: string },
): Promise<TBoardSummary> {
  const board = await deps.db.transaction(async (tx) => {
    const found = await editableBoardOf(tx, user, sid);
    await lockOwner(tx, found.ownerSid);
    if (await hasBoardNamed(tx, found.ownerSid, input.name, found.sid)) throw new AppError(ErrorCode.BOARD_NAME_TAKEN);
    await renameBoard(tx, found.sid, input.name);
    return { ...found, name: input.name };
  });
  return summaryOf(deps, user, board);
}

export async function removeCompanyBoard(deps: BoardDeps, user: UserRow, sid: string): Promise<Record<string, never>> {
  await deps.db.transaction(async (tx) => {
    const board = await editableBoardOf(tx, user, sid);
    await deleteBoard(tx, board.sid);
  });
  return {};
}

export async function showBoard(deps: BoardDeps, user: UserRow, sid: string): Promise<TBoardResponse> {
  const board = await boardOf(deps.db, user, sid);
  const rows = await listItems(deps.db, [board.sid]);
  const found = await findMaterialsBySids(
    deps.db,
    rows.map((r) => r.materialSid),
  );
  const liked = await findLikedSids(deps.db, user.sid, [...found.keys()]);
  const now = nowOf(deps);
  const items: TBoardItem[] = [];
  for (const row of rows) {
    const material = found.get(row.materialSid);
    if (!material) continue;
    const priced = pricedMaterialOf(material);
    const spec = (
      unitPriceCents(priced, row.spec) !== null ? row.spec : (priced.authType[0] ?? row.spec)
    ) as LicenceType;
    items.push({
      ...toWireMaterial(material, { liked: liked.has(material.sid), now, publicUrlOf: deps.publicUrlOf }),
      spec,
      unitPrice: unitPriceCents(priced, spec) ?? 0,
      position: row.position,
      addedByName: row.addedByName,
      commentCount: Number(row.commentCount),
      addedAt: row.addedAt.toISOString(),
    });
  }
  const editable = mayEdit(user, board);
  const shares = editable ? await listLiveShares(deps.db, board.sid, now) : [];
  return {
    board: await summaryOf(deps, user, board),
    items: await withOwnership(deps.db, user, items),
    shares: shares.map(shareOf),
  };
}

function shareOf(row: { token: string; expiresAt: Date | null; createdAt: Date }): TBoardShare {
  return { token: row.token, expiresAt: row.expiresAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString() };
}

export async function addBoardItem(
  deps: BoardDeps,
  user: UserRow,
  sid: string,
  input: TBoardAddRequest,
): Promise<{ itemCount: number }> {
  const material = (await findMaterialsBySids(deps.db, [input.material])).get(input.material);
  if (!material || material.disabled) throw new AppError(ErrorCode.MATERIAL_NOT_FOUND);
  const priced = pricedMaterialOf(material);
  const spec = input.spec ?? priced.authType[0];
  if (spec === undefined || !isLicenceType(spec) || unitPriceCents(priced, spec) === null) {
    throw new AppError(ErrorCode.LICENCE_TYPE_NOT_OFFERED);
  }
  return deps.db.transaction(async (tx) => {
    const board = await boardOf(tx, user, sid, true);
    if (await findItem(tx, board.sid, material.sid)) {
      await setItemSpec(tx, board.sid, material.sid, spec);
    } else {
      if ((await countItems(tx, board.sid)) >= BOARD_LIMITS.itemsPerBoard) throw new AppError(ErrorCode.BOARD_FULL);
      const last = await lastPosition(tx, board.sid);
      await insertItem(tx, {
        boardSid: board.sid,
        materialSid: material.sid,
        spec,
        position: (last ?? 0) + POSITION_GAP,
        addedBy: user.sid,
      });
    }
    return { itemCount: await countItems(tx, board.sid) };
  });
}

/** Anyone of the company takes a material off; its comments go with it. */
export async function removeBoardItem(
  deps: BoardDeps,
  user: UserRow,
  sid: string,
  materialSid: string,
): Promise<{ itemCount: number }> {
  return deps.db.transaction(async (tx) => {
    const board = await boardOf(tx, user, sid, true);
    if (!(await findItem(tx, board.sid, materialSid))) throw new AppError(ErrorCode.BOARD_ITEM_NOT_FOUND);
    await deleteItem(tx, board.sid, materialSid);
    return { itemCount: await countItems(tx, board.sid) };
  });
}

/** Takes the midpoint between the new neighbours; respaces the board only when they touch. */
export async function moveBoardItem(
  deps: BoardDeps,
  user: UserRow,
  sid: string,
  input: { material: string; after: string | null },
): Promise<Record<string, never>> {
  await deps.db.transaction(async (tx) => {
    const board = await boardOf(tx, user, sid, true);
    const moving = await findItem(tx, board.sid, input.material);
    const anchor = input.after === null ? null : await findItem(tx, board.sid, input.after);
    if (!moving || anchor === undefined || input.after === input.material) {
      throw new AppError(ErrorCode.BOARD_ITEM_NOT_FOUND);
    }
    let placed = await placeAfter(tx, board.sid, anchor?.position ?? null, moving.position);
    if (placed === null) {
      await respaceItems(tx, board.sid, POSITION_GAP);
      const fresh = input.after === null ? null : await findItem(tx, board.sid, input.after);
      const self = await findItem(tx, board.sid, input.material);
      placed = await placeAfter(tx, board.sid, fresh?.position ?? null, self!.position);
    }
    if (placed !== null) await setItemPosition(tx, board.sid, input.material, placed);
  });
  return {};
}

/** A free position right after `after` (null: before the first), or null when there is no room. */
async function placeAfter(tx: DbOrTx, boardSid: string, after: number | null, own: number): Promise<number | null> {
  const next = await nextPositionAfter(tx, boardSid, after);
  // Already there: nothing to move.
  if (next === own) return own;
  const low = after ?? 0;
  if (next === null) return low + POSITION_GAP;
  if (next - low < 2) return null;
  return low + Math.floor((next - low) / 2);
}

export async function listItemComments(
  deps: BoardDeps,
  user: UserRow,
  sid: string,
  materialSid: string,
): Promise<TBoardCommentsResponse> {
  const board = await boardOf(deps.db, user, sid);
  if (!(await findItem(deps.db, board.sid, materialSid))) throw new AppError(ErrorCode.BOARD_ITEM_NOT_FOUND);
  const rows = await listComments(deps.db, board.sid, materialSid);
  return {
    comments: rows.map((r) => ({
      sid: r.sid,
      authorName: r.authorName,
      mine: r.authorSid === user.sid,
      body: r.body,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

export async function commentOnItem(
  deps: BoardDeps,
  user: UserRow,
  sid: string,
  materialSid: string,
  input: { body: string },
): Promise<TBoardComment> {
  return deps.db.transaction(async (tx) => {
    const board = await boardOf(tx, user, sid, true);
    if (!(await findItem(tx, board.sid, materialSid))) throw new AppError(ErrorCode.BOARD_ITEM_NOT_FOUND);
    if ((await countComments(tx, board.sid, materialSid)) >= BOARD_LIMITS.commentsPerItem) {
      throw new AppError(ErrorCode.BOARD_COMMENTS_FULL);
    }
    const commentSid = newSid();
    const row = await insertComment(tx, {
      sid: commentSid,
      boardSid: board.sid,
      materialSid,
      authorSid: user.sid,
      body: input.body,
    });
    return {
      sid: commentSid,
      authorName: await creatorNameOf(tx, user.sid),
      mine: true,
      body: input.body,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/**
 * Every material of the board still on sale goes into the caller's cart with the board's licence
 * type, or its first type when the material no longer offers that one; materials off sale, and
 * those the company already holds a covering licence of, are skipped and named.
 */
export async function buyBoard(deps: BoardDeps, user: UserRow, sid: string): Promise<TBoardBuyResponse> {
  const board = await boardOf(deps.db, user, sid);
  const rows = await listItems(deps.db, [board.sid]);
  const found = await findMaterialsBySids(
    deps.db,
    rows.map((r) => r.materialSid),
  );
  const wanted: { materialSid: string; spec: LicenceType }[] = [];
  const skipped: TBoardBuyResponse['skipped'] = [];
  const candidates = [];
  for (const row of rows) {
    const material = found.get(row.materialSid);
    const priced = material ? pricedMaterialOf(material) : null;
    const spec = priced && unitPriceCents(priced, row.spec) !== null ? row.spec : priced?.authType[0];
    if (!material || material.disabled || spec === undefined || !isLicenceType(spec)) {
      skipped.push({ sid: row.materialSid, title: material ? titleOf(material) : row.materialSid, reason: 'disabled' });
      continue;
    }
    candidates.push({ material, spec });
  }
  const now = nowOf(deps);
  const owned = await withOwnership(
    deps.db,
    user,
    candidates.map((c) => toWireMaterial(c.material, { liked: false, now, publicUrlOf: deps.publicUrlOf })),
  );
  candidates.forEach((c, i) => {
    const specs = owned[i]?.ownedSpecs ?? [];
    if (specs.some((s) => licenceCovers(s, c.spec))) {
      skipped.push({ sid: c.material.sid, title: titleOf(c.material), reason: 'owned' });
    } else {
      wanted.push({ materialSid: c.material.sid, spec: c.spec });
    }
  });
  if (wanted.length === 0) throw new AppError(ErrorCode.BOARD_NOTHING_TO_BUY);
  const count = await deps.addToCart(user, wanted);
  if (count === null) throw new AppError(ErrorCode.BOARD_CART_TOO_SMALL);
  return { added: wanted.map((w) => w.materialSid), skipped, count };
}

export async function shareBoard(
  deps: BoardDeps,
  user: UserRow,
  sid: string,
  input: { days: number | null },
): Promise<TBoardShare> {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const board = await editableBoardOf(tx, user, sid);
    if ((await listLiveShares(tx, board.sid, now)).length >= BOARD_LIMITS.activeSharesPerBoard) {
      throw new AppError(ErrorCode.BOARD_SHARES_FULL);
    }
    const expiresAt = input.days === null ? null : new Date(now.getTime() + input.days * 86_400_000);
    // 32 characters of a 36-letter alphabet: about 165 bits, nothing to guess.
    const token = newSid(32);
    return shareOf(await insertShare(tx, { token, boardSid: board.sid, createdBy: user.sid, expiresAt }));
  });
}

export async function revokeBoardShare(
  deps: BoardDeps,
  user: UserRow,
  sid: string,
  token: string,
): Promise<Record<string, never>> {
  await deps.db.transaction(async (tx) => {
    const board = await editableBoardOf(tx, user, sid);
    if (!(await revokeShare(tx, board.sid, token, nowOf(deps)))) throw new AppError(ErrorCode.BOARD_SHARE_NOT_FOUND);
  });
  return {};
}

/** The board behind a live link, as a client may see it: the catalogue's watermarked pictures and nothing of the company. */
export async function showSharedBoard(deps: BoardDeps, token: string): Promise<TSharedBoardResponse> {
  const share = await findLiveShare(deps.db, token, nowOf(deps));
  if (!share) throw new AppError(ErrorCode.BOARD_SHARE_NOT_FOUND);
  const rows = await listItems(deps.db, [share.boardSid]);
  const found = await findMaterialsBySids(
    deps.db,
    rows.map((r) => r.materialSid),
  );
  return {
    name: share.name,
    expiresAt: share.expiresAt?.toISOString() ?? null,
    items: rows.flatMap((row) => {
      const material = found.get(row.materialSid);
      if (!material) return [];
      const off = material.disabled;
      return [
        {
          sid: material.sid,
          format: material.format as MaterialFormat,
          title: titleOf(material),
          thumbUrl: off ? null : deps.publicUrlOf(material.thumbKey),
          watermarkUrl: off ? null : deps.publicUrlOf(material.watermarkKey),
          width: material.width,
          height: material.height,
          disabled: off,
        },
      ];
    }),
  };
}
