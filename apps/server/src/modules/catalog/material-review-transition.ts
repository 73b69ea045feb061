import { MaterialReviewMachine, type MaterialReview, type MaterialReviewAction } from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import type { AdminMaterialRow } from './admin-material.repository.js';
import { updateMaterialReview } from './material-review.repository.js';

/**
 * The one door through which a material's review state changes, by a named action of
 * MaterialReviewMachine: the UPDATE is guarded by the action's from-states, so the rows returned
 * are those that moved; fewer than asked means another operator reviewed some meanwhile.
 */
export async function transitionReview(
  tx: DbOrTx,
  sids: readonly string[],
  action: MaterialReviewAction,
  change: { reason: string | null; operatorSid: string },
): Promise<AdminMaterialRow[]> {
  const rule = MaterialReviewMachine.actions[action];
  return updateMaterialReview(tx, sids, rule.from, {
    reviewState: rule.to as MaterialReview,
    reviewReason: change.reason,
    reviewedBy: change.operatorSid,
  });
}
