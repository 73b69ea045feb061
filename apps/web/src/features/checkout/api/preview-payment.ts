import { CLIENT_ERROR, ORDER_API, type PayWay, type TPayPreviewRequest, type TPricePreview } from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, applyErrorPolicy, callApi, isApiError } from '@/lib/api-client';
import { USER_SCOPE } from '@/lib/query-client';

/** Coupon refusals are shown beside the coupon field (for 3 s) rather than as a toast. */
const COUPON_CODES: ReadonlySet<number> = new Set([
  CLIENT_ERROR.COUPON_INVALID,
  CLIENT_ERROR.COUPON_EXPIRED,
  CLIENT_ERROR.COUPON_NOT_STARTED,
  CLIENT_ERROR.COUPON_USED_UP,
  CLIENT_ERROR.COUPON_NOT_APPLICABLE,
  CLIENT_ERROR.COUPON_ALREADY_USED,
]);

export function isCouponError(error: unknown): error is ApiError {
  return isApiError(error) && COUPON_CODES.has(error.code);
}

/**
 * POST /api/order/{id}/pay_preview {code, referer, pay_way} → the breakdown the order would be
 * charged with. Coupon refusals only throw (the caller shows them); everything else follows
 * the error policy.
 */
export async function previewPayment(orderSid: string, body: TPayPreviewRequest): Promise<TPricePreview> {
  try {
    return await callApi(ORDER_API.payPreview, { params: { id: orderSid }, body }, { quiet: true });
  } catch (error) {
    if (error instanceof ApiError && !isCouponError(error)) applyErrorPolicy(error);
    throw error;
  }
}

export interface PaymentPreviewParams {
  orderSid: string;
  payWay: PayWay | null;
  code: string | null;
  referer: string | null;
}

export const paymentPreviewKey = (p: PaymentPreviewParams) =>
  [USER_SCOPE, 'pay-preview', p.orderSid, p.payWay, p.code, p.referer] as const;

export function paymentPreviewQuery(p: PaymentPreviewParams) {
  return {
    queryKey: paymentPreviewKey(p),
    queryFn: () => previewPayment(p.orderSid, { code: p.code, referer: p.referer, pay_way: p.payWay }),
    // a preview is a price: never show an old one as if it were current for long
    staleTime: 10_000,
  };
}

/** The preview for one pay way; changing the way or the coupon re-runs it (spec §4). */
export function usePaymentPreview(params: PaymentPreviewParams, enabled = true) {
  return useQuery({ ...paymentPreviewQuery(params), enabled, placeholderData: keepPreviousData });
}
