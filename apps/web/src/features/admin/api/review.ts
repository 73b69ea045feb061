import {
  ADMIN_REVIEW_API,
  type TReviewDecisionResponse,
  type TReviewQueueQuery,
  type TReviewQueueResponse,
} from '@gemstock/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

export const REVIEW_QUEUE_KEY = [ADMIN_SCOPE, 'review'] as const;

/** GET /api/admin/review?state&batch&cursor&page_size: 待审核 (or 已驳回), newest first. */
export function getReviewQueue(query: TReviewQueueQuery): Promise<TReviewQueueResponse> {
  return callAdminApi(ADMIN_REVIEW_API.queue, { query }, { quiet: true });
}

/** Polls while a material of the page is still being processed (it cannot be listed before). */
export function useReviewQueue(query: TReviewQueueQuery) {
  return useQuery({
    queryKey: [...REVIEW_QUEUE_KEY, query],
    queryFn: () => getReviewQueue(query),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.materials.some((m) => m.status === 'processing') ? 3000 : false),
  });
}

export type ReviewDecision = { action: 'list'; sids: string[] } | { action: 'reject'; sids: string[]; reason: string };

/** 提交上架 / 驳回 of one material or the selected ones (all or none on the server). */
export function decideReview(decision: ReviewDecision): Promise<TReviewDecisionResponse> {
  return decision.action === 'list'
    ? callAdminApi(ADMIN_REVIEW_API.list, { body: { sids: decision.sids } })
    : callAdminApi(ADMIN_REVIEW_API.reject, { body: { sids: decision.sids, reason: decision.reason } });
}

export function useReviewDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReview,
    // The queue, the material list and the batches all show the review state.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_SCOPE] }),
  });
}
