import {
  AccountLevel,
  DEMAND_FINAL_WORKING_DAYS,
  DEMAND_MAX_REVISIONS,
  DEMAND_QUOTE_WORKING_DAYS,
  DEMAND_REVISION_WORKING_DAYS,
  DESIGN_COMMENTS_PER_FILE,
  DemandStateMachine,
  DemandStatus,
  DemandTier,
  DesignFileKind,
  ErrorCode,
  type TDemand,
  type TDemandDetails,
  type TDemandListResponse,
  type TDesignComment,
  type ZDemandCommentRequest,
  type ZDemandListQuery,
  type ZDemandQuoteRequest,
  chinaWorkingDaysDeadline,
  ownerSidOf,
} from '@gemstock/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { newSid } from '../../lib/ids.js';
import { assertMay } from '../../lib/state-transition.js';
import { listPageOf, pageWithCursor } from '../../lib/list-cursor.js';
import { findMaterialsBySids } from '../catalog/index.js';
import { assertUsableUpload, markUploadsUsed } from '../upload/index.js';
import type { UserRow } from '../../db/rows.js';
import { transitionDemand } from './demand-transition.js';
import {
  authorNamesOf,
  countBuyerComments,
  type DemandRow,
  designerNamesOf,
  findDemand,
  insertDemandRow,
  insertDesignComment,
  listDemandsOf,
  listDesignFiles,
  lockDemand,
} from './design.repository.js';
import { presentDemand, presentDesignComment } from './design.view.js';
import { type DesignDeps, detailsOf, latestDraftSid, nowOf, viewUrlOf } from './design-common.js';

// The buyer's side of custom design (the operators' is admin-design.service.ts).

/** A buyer sees their own requests; a main account also its sub-accounts' (like orders). */
function canSee(user: UserRow, demand: DemandRow): boolean {
  if (demand.userSid === user.sid) return true;
  return user.level === AccountLevel.MAIN && demand.ownerSid === user.sid;
}

async function visibleDemand(deps: Pick<DesignDeps, 'db'>, user: UserRow, sid: string): Promise<DemandRow> {
  const demand = await findDemand(deps.db, sid);
  if (!demand || !canSee(user, demand)) throw new AppError(ErrorCode.DEMAND_NOT_FOUND);
  return demand;
}

/** Locked in the caller's transaction, for a buyer who may act on it. */
async function lockVisibleDemand(tx: DbOrTx, user: UserRow, sid: string): Promise<DemandRow> {
  const demand = await lockDemand(tx, sid);
  if (!demand || !canSee(user, demand)) throw new AppError(ErrorCode.DEMAND_NOT_FOUND);
  return demand;
}

/** The delivery's download link, like every purchased download. */
const DELIVERY_LINK_TTL_SECONDS = 300;

/** GET /api/user/demand */
export async function listDemands(
  deps: DesignDeps,
  user: UserRow,
  query: z.output<typeof ZDemandListQuery>,
): Promise<TDemandListResponse> {
  const filter = user.level === AccountLevel.MAIN ? { ownerSid: user.sid } : { userSid: user.sid };
  const rows = await listDemandsOf(deps.db, filter, listPageOf(query));
  const { rows: page, nextCursor } = pageWithCursor(rows, query.page_size, (d) => ({ at: d.position, sid: d.sid }));
  const designers = await designerNamesOf(
    deps.db,
    page.map((d) => d.designerSid).filter((s): s is string => s !== null),
  );
  const urlOf = viewUrlOf(deps);
  return {
    demands: page.map((d) =>
      presentDemand(d, { urlOf, designerName: d.designerSid ? (designers.get(d.designerSid) ?? null) : null }),
    ),
    hasMore: nextCursor !== null,
    nextCursor,
  };
}

async function designerNameOf(deps: Pick<DesignDeps, 'db'>, demand: DemandRow): Promise<string | null> {
  if (!demand.designerSid) return null;
  return (await designerNamesOf(deps.db, [demand.designerSid])).get(demand.designerSid) ?? null;
}

/** GET /api/user/demand/{id} */
export async function demandDetails(deps: DesignDeps, user: UserRow, sid: string): Promise<TDemandDetails> {
  const demand = await visibleDemand(deps, user, sid);
  const details = await detailsOf(deps, demand, await designerNameOf(deps, demand));
  const order = demand.orderSid ? (await deps.orders.getOrder(user, demand.orderSid).catch(() => null))?.order : null;
  return { ...details, order: order ?? null };
}

/** Feedback is taken while the latest draft waits for the buyer and rounds are left. */
function assertTakesFeedback(demand: DemandRow): void {
  const roundsLeft = demand.revisionsUsed < DEMAND_MAX_REVISIONS;
  // Work still in progress with the rounds used up: say so, rather than "wrong stage".
  if (!roundsLeft && DemandStateMachine.may('deliver', demand.status)) {
    throw new AppError(ErrorCode.DEMAND_NO_REVISIONS_LEFT);
  }
  assertMay(DemandStateMachine, 'feedback', demand.status);
}

/** POST /api/user/demand/{id}/comments */
export async function commentOnDraft(
  deps: DesignDeps,
  user: UserRow,
  sid: string,
  input: z.output<typeof ZDemandCommentRequest>,
): Promise<TDesignComment> {
  const row = await deps.db.transaction(async (tx) => {
    const demand = await lockVisibleDemand(tx, user, sid);
    assertTakesFeedback(demand);
    if ((await latestDraftSid(tx, demand.sid)) !== input.file) throw new AppError(ErrorCode.DEMAND_DRAFT_NOT_CURRENT);
    if ((await countBuyerComments(tx, input.file)) >= DESIGN_COMMENTS_PER_FILE) {
      throw new AppError(ErrorCode.DEMAND_TOO_MANY_COMMENTS);
    }
    // A pin has both coordinates or neither.
    const pinned = input.x !== null && input.y !== null;
    return insertDesignComment(tx, {
      sid: newSid(),
      demandSid: demand.sid,
      fileSid: input.file,
      authorKind: 'buyer',
      authorSid: user.sid,
      x: pinned ? input.x : null,
      y: pinned ? input.y : null,
      body: input.body,
      createdAt: nowOf(deps),
    });
  });
  return presentDesignComment(row, await authorNamesOf(deps.db, [row]));
}

/** POST /api/user/demand/{id}/feedback: one revision round (DRAFT_REVIEW → REVISING). */
export async function sendFeedback(deps: DesignDeps, user: UserRow, sid: string, message: string): Promise<TDemand> {
  const now = nowOf(deps);
  const moved = await deps.db.transaction(async (tx) => {
    const demand = await lockVisibleDemand(tx, user, sid);
    assertTakesFeedback(demand);
    const draft = await latestDraftSid(tx, demand.sid);
    if (!draft) throw new AppError(ErrorCode.DEMAND_WRONG_STAGE);
    const pinned = await countBuyerComments(tx, draft);
    if (pinned === 0 && message === '') throw new AppError(ErrorCode.DEMAND_FEEDBACK_EMPTY);
    if (message !== '') {
      await insertDesignComment(tx, {
        sid: newSid(),
        demandSid: demand.sid,
        fileSid: draft,
        authorKind: 'buyer',
        authorSid: user.sid,
        x: null,
        y: null,
        body: message,
        createdAt: now,
      });
    }
    return transitionDemand(tx, demand, DemandStatus.REVISING, {
      revisionsUsed: demand.revisionsUsed + 1,
      feedbackAt: now,
      feedbackAnsweredAt: null,
      stageDeadline: chinaWorkingDaysDeadline(now, DEMAND_REVISION_WORKING_DAYS),
    });
  });
  if (!moved) throw new AppError(ErrorCode.DEMAND_WRONG_STAGE);
  return presentDemand(moved, { urlOf: viewUrlOf(deps) });
}

/**
 * POST /api/user/demand/{id}/accept: the buyer takes the latest draft as it is
 * (DRAFT_REVIEW → FINAL_PRODUCTION); the designer now owes the final files, with a deadline.
 */
export async function acceptDraft(deps: DesignDeps, user: UserRow, sid: string): Promise<TDemand> {
  const now = nowOf(deps);
  const moved = await deps.db.transaction(async (tx) => {
    const demand = await lockVisibleDemand(tx, user, sid);
    assertMay(DemandStateMachine, 'accept', demand.status);
    return transitionDemand(tx, demand, DemandStatus.FINAL_PRODUCTION, {
      stageDeadline: chinaWorkingDaysDeadline(now, DEMAND_FINAL_WORKING_DAYS),
    });
  });
  if (!moved) throw new AppError(ErrorCode.DEMAND_WRONG_STAGE);
  return presentDemand(moved, { urlOf: viewUrlOf(deps) });
}

/** GET /api/user/demand/{id}/delivery */
export async function deliveryLink(
  deps: DesignDeps,
  user: UserRow,
  sid: string,
): Promise<{ url: string; expiresAt: string; fileName: string }> {
  const demand = await visibleDemand(deps, user, sid);
  assertMay(DemandStateMachine, 'download', demand.status);
  if (!demand.resultKey) throw new AppError(ErrorCode.DEMAND_WRONG_STAGE);
  const final = (await listDesignFiles(deps.db, demand.sid)).find((f) => f.kind === DesignFileKind.FINAL);
  const link = deps.signer.signDownloadUrl(demand.resultKey, DELIVERY_LINK_TTL_SECONDS);
  return { url: link.url, expiresAt: link.expiresAt.toISOString(), fileName: final?.fileName ?? 'design' };
}

/** POST /api/user/demand/quote: a super or AI-video request, waiting for the operator's price. */
export async function requestQuote(
  deps: DesignDeps,
  user: UserRow,
  input: z.output<typeof ZDemandQuoteRequest>,
): Promise<TDemand> {
  const material = (await findMaterialsBySids(deps.db, [input.material])).get(input.material);
  if (!material || material.disabled) throw new AppError(ErrorCode.CUSTOM_NOT_OFFERED);
  const references = [...new Set(input.references)];
  for (const key of references) await assertUsableUpload(deps, user, key, 'reference');
  const now = nowOf(deps);
  const row = await deps.db.transaction(async (tx) => {
    await markUploadsUsed(tx, user, references);
    return insertDemandRow(tx, {
      sid: newSid(),
      materialSid: material.sid,
      userSid: user.sid,
      ownerSid: ownerSidOf(user),
      tier: input.tier,
      status: DemandStatus.QUOTE_REQUESTED,
      brief: {
        text: input.brief,
        references,
        duration: input.tier === DemandTier.AI_VIDEO ? input.duration : null,
        aspectRatio: input.tier === DemandTier.AI_VIDEO ? input.aspect_ratio : null,
      },
      stageDeadline: chinaWorkingDaysDeadline(now, DEMAND_QUOTE_WORKING_DAYS),
      createdAt: now,
      updatedAt: now,
    });
  });
  return presentDemand(row, { urlOf: viewUrlOf(deps) });
}

/** POST /api/user/demand/{id}/withdraw: only before it is priced (a priced one: cancel its order). */
export async function withdrawQuote(deps: DesignDeps, user: UserRow, sid: string): Promise<TDemand> {
  const moved = await deps.db.transaction(async (tx) => {
    const demand = await lockVisibleDemand(tx, user, sid);
    assertMay(DemandStateMachine, 'withdraw', demand.status);
    return transitionDemand(tx, demand, DemandStatus.CANCELLED, { stageDeadline: null, cancelReason: '买家撤回' });
  });
  if (!moved) throw new AppError(ErrorCode.DEMAND_WRONG_STAGE);
  return presentDemand(moved, { urlOf: viewUrlOf(deps) });
}
