import {
  DESIGN_API,
  ORDER_API,
  type TDemand,
  type TDemandCommentRequest,
  type TDemandDetails,
  type TDesignComment,
} from '@gemstock/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { DEMAND_KEYS } from './demand-list';

export { DEMAND_KEYS, useDemands } from './demand-list';

/** GET /api/user/demand/{id}: drafts, pinned comments, order and certificate. */
export function useDemandDetails(sid: string | null) {
  return useQuery({
    queryKey: DEMAND_KEYS.details(sid ?? ''),
    queryFn: ({ signal }): Promise<TDemandDetails> => callApi(DESIGN_API.details, { params: { id: sid! } }, { signal }),
    enabled: sid !== null,
  });
}

const refreshDemands = () => queryClient.invalidateQueries({ queryKey: DEMAND_KEYS.all });

/** POST /api/user/demand/{id}/comments: a comment pinned to a point of the latest draft. */
export function useCommentOnDraft(sid: string) {
  return useMutation({
    mutationFn: (body: TDemandCommentRequest): Promise<TDesignComment> =>
      callApi(DESIGN_API.comment, { params: { id: sid }, body }),
    onSuccess: refreshDemands,
  });
}

/** POST /api/user/demand/{id}/feedback: sends the round (DRAFT_REVIEW → REVISING). */
export function useSendFeedback(sid: string) {
  return useMutation({
    mutationFn: (message: string): Promise<TDemand> =>
      callApi(DESIGN_API.feedback, { params: { id: sid }, body: { message } }),
    onSuccess: refreshDemands,
  });
}

/** POST /api/user/demand/{id}/accept: the latest draft as it is (→ FINAL_PRODUCTION). */
export function useAcceptDraft(sid: string) {
  return useMutation({
    mutationFn: (): Promise<TDemand> => callApi(DESIGN_API.accept, { params: { id: sid } }),
    onSuccess: refreshDemands,
  });
}

/** GET /api/user/demand/{id}/delivery → a five-minute link to the delivered file. */
export function useDownloadDelivery() {
  return useMutation({
    mutationFn: (sid: string) => callApi(DESIGN_API.delivery, { params: { id: sid } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** POST /api/user/demand/{id}/withdraw: before it is priced. */
export function useWithdrawQuote() {
  return useMutation({
    mutationFn: (sid: string): Promise<TDemand> => callApi(DESIGN_API.withdraw, { params: { id: sid } }),
    onSuccess: refreshDemands,
  });
}

/** GET /api/order/{id}: a quoted demand's `dashboard` order, to pay in the order drawer. */
export function getOrder(sid: string) {
  return callApi(ORDER_API.detail, { params: { id: sid } });
}
