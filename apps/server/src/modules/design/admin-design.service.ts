import {
  DEMAND_FINAL_WORKING_DAYS,
  DEMAND_MAX_REVISIONS,
  DemandStateMachine,
  DemandStatus,
  DesignFileKind,
  ErrorCode,
  LicenceType,
  type TAdminDemand,
  type TAdminDemandDetails,
  type TAdminDemandListResponse,
  type ZAdminDemandListQuery,
  chinaLastDayBefore,
  chinaWorkingDaysDeadline,
  draftVersionLabel,
} from '@gemstock/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { uniqueViolationConstraint } from '../../db/errors.js';
import { AppError } from '../../lib/app-error.js';
import { newSid } from '../../lib/ids.js';
import { assertMay } from '../../lib/state-transition.js';
import { recordOperatorAction } from '../audit/index.js';
import { grantOrderLicences } from '../licence/index.js';
import type { OperatorRow } from '../../db/rows.js';
import { transitionDemand } from './demand-transition.js';
import {
  type DemandRow,
  findBoardRow,
  findDemand,
  findEnabledOperator,
  insertDesignComment,
  insertDesignFile,
  listBoard,
  listDesigners,
  listDesignFiles,
  lockDemand,
  updateDemandInStatus,
} from './design.repository.js';
import { type StoredDesignFile, storeDesignFile } from './design-file.js';
import { presentBoardDemand } from './design.view.js';
import {
  type DesignDeps,
  detailsOf,
  latestDraftSid,
  nowOf,
  tellBuyer,
  demandTitle,
  viewUrlOf,
} from './design-common.js';

// The operators' side of custom design: the demand board (the buyer's is design.service.ts).

async function lockDemandForOperator(tx: DbOrTx, sid: string): Promise<DemandRow> {
  const demand = await lockDemand(tx, sid);
  if (!demand) throw new AppError(ErrorCode.DEMAND_NOT_FOUND);
  return demand;
}

/** GET /api/admin/demands */
export async function listDemandBoard(
  deps: DesignDeps,
  query: z.output<typeof ZAdminDemandListQuery>,
): Promise<TAdminDemandListResponse> {
  const now = nowOf(deps);
  const rows = await listBoard(
    deps.db,
    { status: query.status ?? null, overdueAt: query.overdue ? now : null, waiting: query.waiting },
    { offset: (query.page - 1) * query.page_size, limit: query.page_size },
  );
  return {
    demands: rows.slice(0, query.page_size).map((r) => presentBoardDemand(r, now)),
    hasMore: rows.length > query.page_size,
  };
}

async function boardDemand(deps: DesignDeps, sid: string): Promise<TAdminDemand> {
  const row = await findBoardRow(deps.db, sid);
  if (!row) throw new AppError(ErrorCode.DEMAND_NOT_FOUND);
  return presentBoardDemand(row, nowOf(deps), viewUrlOf(deps));
}

/** GET /api/admin/demands/{id} */
export async function adminDemandDetails(deps: DesignDeps, sid: string): Promise<TAdminDemandDetails> {
  const row = await findBoardRow(deps.db, sid);
  if (!row) throw new AppError(ErrorCode.DEMAND_NOT_FOUND);
  const details = await detailsOf(deps, row.demand, row.designerName);
  const order = row.demand.orderSid
    ? (await deps.orders.getAdminOrder(row.demand.orderSid).catch(() => null))?.order
    : null;
  return {
    ...details,
    demand: presentBoardDemand(row, nowOf(deps), viewUrlOf(deps)),
    order: order ?? null,
  };
}

/** GET /api/admin/designers */
export async function designers(deps: DesignDeps) {
  return { designers: await listDesigners(deps.db) };
}

/** POST /api/admin/demands/{id}/assign: SUBMITTED → DESIGNING, or work in progress changes hands. */
export async function assignDesigner(
  deps: DesignDeps,
  operator: OperatorRow,
  sid: string,
  designerSid: string,
): Promise<TAdminDemand> {
  if (!(await findEnabledOperator(deps.db, designerSid))) throw new AppError(ErrorCode.DESIGNER_NOT_FOUND);
  await deps.db.transaction(async (tx) => {
    const demand = await lockDemandForOperator(tx, sid);
    const reassigning = DemandStateMachine.may('reassign', demand.status);
    if (!reassigning) assertMay(DemandStateMachine, 'assign', demand.status);
    const moved = reassigning
      ? await updateDemandInStatus(tx, demand.sid, demand.status as DemandStatus, { designerSid })
      : await transitionDemand(tx, demand, DemandStatus.DESIGNING, { designerSid });
    if (!moved) throw new AppError(ErrorCode.DEMAND_WRONG_STAGE);
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: 'demand.assign',
      entity: 'demand',
      entitySid: sid,
      before: { status: demand.status, designer: demand.designerSid },
      after: { status: moved.status, designer: designerSid },
    });
  });
  return boardDemand(deps, sid);
}

/** POST /api/admin/demands/{id}/answer: the buyer's feedback was taken up (REVISING). */
export async function answerFeedback(
  deps: DesignDeps,
  operator: OperatorRow,
  sid: string,
  reply: string,
): Promise<TAdminDemand> {
  const now = nowOf(deps);
  const demand = await deps.db.transaction(async (tx) => {
    const locked = await lockDemandForOperator(tx, sid);
    assertMay(DemandStateMachine, 'answerFeedback', locked.status);
    const draft = await latestDraftSid(tx, locked.sid);
    if (reply !== '' && draft) {
      await insertDesignComment(tx, {
        sid: newSid(),
        demandSid: locked.sid,
        fileSid: draft,
        authorKind: 'operator',
        authorSid: operator.sid,
        x: null,
        y: null,
        body: reply,
        createdAt: now,
      });
    }
    await updateDemandInStatus(tx, locked.sid, DemandStatus.REVISING, { feedbackAnsweredAt: now });
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: 'demand.answer',
      entity: 'demand',
      entitySid: sid,
      before: { feedbackAnsweredAt: locked.feedbackAnsweredAt },
      after: { feedbackAnsweredAt: now.toISOString(), reply },
    });
    return locked;
  });
  if (reply !== '') {
    await tellBuyer(deps, demand, '设计师已回复您的修改意见', `您的${demandTitle(demand)}：${reply}`);
  }
  return boardDemand(deps, sid);
}

/** POST /api/admin/demands/{id}/quote: QUOTE_REQUESTED → QUOTED with the `dashboard` order to pay. */
export async function priceQuote(
  deps: DesignDeps,
  operator: OperatorRow,
  sid: string,
  input: { price: number; lead_days: number },
): Promise<TAdminDemand> {
  const now = nowOf(deps);
  const demand = await deps.db.transaction(async (tx) => {
    const locked = await lockDemandForOperator(tx, sid);
    assertMay(DemandStateMachine, 'quote', locked.status);
    const order = await deps.orders.insertQuotedOrder(tx, {
      userSid: locked.userSid,
      ownerSid: locked.ownerSid,
      demandSid: locked.sid,
      name: demandTitle(locked),
      priceCents: input.price,
      at: now,
    });
    const moved = await transitionDemand(tx, locked, DemandStatus.QUOTED, {
      orderSid: order.sid,
      quotePriceCents: input.price,
      quoteLeadDays: input.lead_days,
      stageDeadline: null,
    });
    if (!moved) throw new AppError(ErrorCode.DEMAND_WRONG_STAGE);
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: 'demand.quote',
      entity: 'demand',
      entitySid: sid,
      before: { status: locked.status },
      after: { status: moved.status, price: input.price, leadDays: input.lead_days, order: order.sid },
    });
    return moved;
  });
  await tellBuyer(
    deps,
    demand,
    '您的定制需求已报价',
    `您的${demandTitle(demand)}报价 ${(input.price / 100).toFixed(2)} 元，预计 ${input.lead_days} 个工作日交付初稿。请在“我的订单”中完成支付。`,
  );
  return boardDemand(deps, sid);
}

/** POST /api/admin/demands/{id}/cancel: work that cannot be done (a paid one is refunded by hand). */
export async function cancelDemand(
  deps: DesignDeps,
  operator: OperatorRow,
  sid: string,
  reason: string,
): Promise<TAdminDemand> {
  const demand = await deps.db.transaction(async (tx) => {
    const locked = await lockDemandForOperator(tx, sid);
    // An unpaid order of its own is cancelled by the buyer (or its deadline), and the demand follows.
    assertMay(DemandStateMachine, 'cancel', locked.status);
    const moved = await transitionDemand(tx, locked, DemandStatus.CANCELLED, {
      stageDeadline: null,
      cancelReason: reason,
    });
    if (!moved) throw new AppError(ErrorCode.DEMAND_WRONG_STAGE);
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: 'demand.cancel',
      entity: 'demand',
      entitySid: sid,
      before: { status: locked.status },
      after: { status: moved.status, reason, refundByHand: locked.paidAt !== null },
    });
    return moved;
  });
  await tellBuyer(deps, demand, '您的定制需求已取消', `您的${demandTitle(demand)}已取消：${reason}`);
  return boardDemand(deps, sid);
}

/**
 * PUT /api/admin/demands/{id}/files: a draft (DESIGNING or REVISING → DRAFT_REVIEW) or the final
 * delivery (→ DELIVERED, with the exclusive licence). The file is checked and stored first, then
 * the status moves with the record and the audit entry in one transaction; if the demand moved
 * meanwhile, the stored objects are removed again.
 */
export async function uploadDesignFile(
  deps: DesignDeps,
  operator: OperatorRow,
  sid: string,
  input: { kind: DesignFileKind; name: string; body: Buffer },
): Promise<TAdminDemandDetails> {
  const before = await findDemand(deps.db, sid);
  if (!before) throw new AppError(ErrorCode.DEMAND_NOT_FOUND);
  assertAcceptsFile(before, input.kind);
  const stored = await storeDesignFile(deps, before.sid, input.kind, input.body);
  const now = nowOf(deps);
  try {
    const moved = await deps.db.transaction(async (tx) => {
      const demand = await lockDemandForOperator(tx, sid);
      assertAcceptsFile(demand, input.kind);
      const files = await listDesignFiles(tx, demand.sid);
      const version = files.filter((f) => f.kind === input.kind).length + 1;
      await insertDesignFile(tx, {
        sid: newSid(),
        demandSid: demand.sid,
        kind: input.kind,
        version,
        fileKey: stored.fileKey,
        previewKey: stored.previewKey,
        contentType: stored.contentType,
        width: stored.width,
        height: stored.height,
        bytes: stored.bytes,
        fileName: input.name,
        uploadedBy: operator.sid,
        createdAt: now,
      });
      const next =
        input.kind === DesignFileKind.FINAL
          ? await deliver(tx, demand, stored, now)
          : await putUpDraft(tx, demand, now);
      if (!next) throw new AppError(ErrorCode.DEMAND_WRONG_STAGE);
      await recordOperatorAction(tx, {
        operatorSid: operator.sid,
        action: input.kind === DesignFileKind.FINAL ? 'demand.deliver' : 'demand.draft',
        entity: 'demand',
        entitySid: sid,
        before: { status: demand.status },
        after: { status: next.status, version, fileKey: stored.fileKey },
      });
      return next;
    });
    if (input.kind === DesignFileKind.FINAL) {
      await tellBuyer(
        deps,
        moved,
        '您的定制设计已交付',
        `您的${demandTitle(moved)}已交付，可在“定制记录”中下载设计文件与独家授权证书。`,
      );
    } else if (!DemandStateMachine.may('accept', moved.status)) {
      // The last revision's draft: the rounds are used up and the final files are on their way.
      const version = draftVersionLabel(
        (await listDesignFiles(deps.db, moved.sid)).filter((f) => f.kind === DesignFileKind.DRAFT).length,
      );
      const due = moved.stageDeadline ? chinaLastDayBefore(moved.stageDeadline) : null;
      await tellBuyer(
        deps,
        moved,
        '您的定制设计已定稿',
        `您的${demandTitle(moved)}${version}已上传，可在“定制记录”中查看。${DEMAND_MAX_REVISIONS} 次修改已用完，` +
          `设计师将${due ? `于 ${due} 前` : '尽快'}交付最终文件，交付后您会收到通知并可下载设计文件与独家授权证书。`,
      );
    } else {
      await tellBuyer(
        deps,
        moved,
        '新的设计稿待您反馈',
        `您的${demandTitle(moved)}有新的设计稿，请在“定制记录”中查看并反馈。`,
      );
    }
  } catch (error) {
    await Promise.all(
      [stored.fileKey, stored.previewKey].filter((k): k is string => k !== null).map((k) => deps.storage.delete(k)),
    ).catch(() => undefined);
    if (uniqueViolationConstraint(error) === 'design_files_final_key') {
      throw new AppError(ErrorCode.DEMAND_ALREADY_DELIVERED);
    }
    throw error;
  }
  return adminDemandDetails(deps, sid);
}

function assertAcceptsFile(demand: DemandRow, kind: DesignFileKind): void {
  // Any file needs work in progress: not before a designer took it, not after delivery.
  assertMay(DemandStateMachine, 'deliver', demand.status);
  if (kind === DesignFileKind.FINAL || DemandStateMachine.may('putUpDraft', demand.status)) return;
  // A new draft answers feedback (or is the first one); one waiting for the buyer is not replaced,
  // and a settled design takes only its final files.
  throw new AppError(
    ErrorCode.DEMAND_WRONG_STAGE,
    DemandStateMachine.may('accept', demand.status)
      ? '设计稿正等待买家反馈，收到修改意见后再上传新稿，或直接上传最终文件'
      : '设计稿已定稿，请上传最终文件',
  );
}

/**
 * A draft is up: back to the buyer for feedback, or, with the rounds used up, on to the final
 * files with their deadline (the buyer sees the draft but has nothing left to answer).
 */
async function putUpDraft(tx: DbOrTx, demand: DemandRow, now: Date) {
  const last = demand.revisionsUsed >= DEMAND_MAX_REVISIONS;
  return transitionDemand(tx, demand, last ? DemandStatus.FINAL_PRODUCTION : DemandStatus.DRAFT_REVIEW, {
    stageDeadline: last ? chinaWorkingDaysDeadline(now, DEMAND_FINAL_WORKING_DAYS) : null,
  });
}

/** → DELIVERED with the exclusive licence of the design, in the upload's transaction. */
async function deliver(tx: DbOrTx, demand: DemandRow, stored: StoredDesignFile, now: Date) {
  const moved = await transitionDemand(tx, demand, DemandStatus.DELIVERED, {
    resultKey: stored.fileKey,
    deliveredAt: now,
    stageDeadline: null,
  });
  if (moved && demand.orderSid && demand.materialSid) {
    await grantOrderLicences(tx, {
      ownerSid: demand.ownerSid,
      buyerSid: demand.userSid,
      orderSid: demand.orderSid,
      grantedAt: now,
      items: [{ materialSid: demand.materialSid, spec: LicenceType.PREMIUM_CUSTOM, exclusive: true }],
    });
  }
  return moved;
}
