import {
  ADMIN_COUNT_CAP,
  AuditAction,
  AuditEntity,
  ErrorCode,
  MaterialReviewMachine,
  type MaterialReviewAction,
  MaterialStatus,
  type TReviewDecisionResponse,
  type TReviewQueueResponse,
  type ZReviewQueueQuery,
} from '@gemstock/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { decodeCursor, pageWithCursor } from '../../lib/list-cursor.js';
import { recordOperatorAction } from '../audit/index.js';
import type { OperatorRow } from '../../db/rows.js';
import { type AdminMaterialDeps, presentAdminMaterials } from './admin-material.service.js';
import { transitionReview } from './material-review-transition.js';
import { countReviewQueue, listReviewQueue, lockMaterialsForReview } from './material-review.repository.js';

/*
 * Review before sale (decision 0030): an upload is 待审核 until an operator lists it (提交上架)
 * or rejects it with a reason (驳回), one material or the selected ones per call.
 */

export async function reviewQueue(
  deps: AdminMaterialDeps,
  query: z.output<typeof ZReviewQueueQuery>,
): Promise<TReviewQueueResponse> {
  const filter = { state: query.state, batchSid: query.batch };
  const [found, counted] = await Promise.all([
    listReviewQueue(deps.db, filter, {
      after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
      limit: query.page_size + 1,
    }),
    countReviewQueue(deps.db, filter, ADMIN_COUNT_CAP + 1),
  ]);
  const { rows, nextCursor } = pageWithCursor(found, query.page_size, (r) => ({ at: r.position, sid: r.sid }));
  return {
    materials: await presentAdminMaterials(deps, rows),
    total: Math.min(counted, ADMIN_COUNT_CAP),
    totalCapped: counted > ADMIN_COUNT_CAP,
    nextCursor,
  };
}

const AUDIT_ACTION_OF: Record<MaterialReviewAction, string> = {
  list: AuditAction.MATERIAL_LIST,
  reject: AuditAction.MATERIAL_REJECT,
};

/**
 * Lists or rejects every material named, or none: each must exist and be in a state the action
 * may be done in (a refusal names the material), and listing needs the previews made. One audit
 * entry records the call with every material in its refs; listed materials reach buyers' search
 * at once, as an edit does.
 */
async function decide(
  deps: AdminMaterialDeps,
  operator: OperatorRow,
  sids: readonly string[],
  action: MaterialReviewAction,
  reason: string | null,
): Promise<TReviewDecisionResponse> {
  const moved = await deps.db.transaction(async (tx) => {
    const rows = await lockMaterialsForReview(tx, sids);
    const found = new Set(rows.map((r) => r.sid));
    const missing = sids.find((sid) => !found.has(sid));
    if (missing) throw new AppError(ErrorCode.MATERIAL_NOT_FOUND, `素材不存在：${missing}`);
    for (const row of rows) {
      const refusal = MaterialReviewMachine.refusalOf(action, row.reviewState);
      if (refusal) throw new AppError(ErrorCode[refusal], `素材 ${row.sid}：${ErrorCode[refusal].message}`);
      if (action === 'list' && row.status !== MaterialStatus.READY) {
        throw new AppError(
          ErrorCode.MATERIAL_NOT_PROCESSED,
          `素材 ${row.sid}：${ErrorCode.MATERIAL_NOT_PROCESSED.message}`,
        );
      }
    }
    const updated = await transitionReview(tx, sids, action, { reason, operatorSid: operator.sid });
    // Every row is locked and was checked above, so all of them move; anything else is a bug.
    if (updated.length !== rows.length) throw new Error(`review ${action}: ${updated.length} of ${rows.length} moved`);
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: AUDIT_ACTION_OF[action],
      entity: AuditEntity.MATERIAL,
      entitySid: sids.length === 1 ? sids[0]! : null,
      refs: sids,
      before: { review: Object.fromEntries(rows.map((r) => [r.sid, r.reviewState])) },
      after: { review: MaterialReviewMachine.actions[action].to, sids, ...(reason === null ? {} : { reason }) },
    });
    return updated;
  });
  if (action === 'list') await deps.events?.emit('catalog.changed', {});
  const bySid = new Map(moved.map((r) => [r.sid, r]));
  return {
    materials: await presentAdminMaterials(
      deps,
      sids.map((sid) => bySid.get(sid)!),
    ),
  };
}

/** 提交上架 */
export async function listForSale(
  deps: AdminMaterialDeps,
  operator: OperatorRow,
  sids: readonly string[],
): Promise<TReviewDecisionResponse> {
  return decide(deps, operator, sids, 'list', null);
}

/** 驳回, with the reason the batch table and the console show. */
export async function rejectMaterials(
  deps: AdminMaterialDeps,
  operator: OperatorRow,
  sids: readonly string[],
  reason: string,
): Promise<TReviewDecisionResponse> {
  return decide(deps, operator, sids, 'reject', reason);
}
