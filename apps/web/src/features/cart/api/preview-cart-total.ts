import { type PayWay, type TMaterialPreviewRequest, type TPricePreview, ORDER_ROUTES } from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { USER_SCOPE } from '@/lib/query-client';

/**
 * POST /api/order/place/material/preview {materials, code, pay_way} → the breakdown of buying
 * the chosen lines: the cart's total is the server's number, not a sum made here.
 */
export function previewCartTotal(body: TMaterialPreviewRequest): Promise<TPricePreview> {
  return callApi(ORDER_ROUTES.placeMaterialPreview, { body }, { quiet: true });
}

export function useCartTotal(selection: Record<string, number>, payWay: PayWay | null) {
  const sids = Object.keys(selection).sort();
  return useQuery({
    queryKey: [USER_SCOPE, 'cart-total', payWay, sids.map((sid) => `${sid}:${selection[sid]}`).join(',')],
    queryFn: () =>
      previewCartTotal({ materials: selection as TMaterialPreviewRequest['materials'], code: null, pay_way: payWay }),
    enabled: sids.length > 0,
    placeholderData: keepPreviousData,
  });
}
