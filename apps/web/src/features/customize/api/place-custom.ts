import {
  type TCustomPreviewRequest,
  type TPlaceCustomRequest,
  type TPricePreview,
  ORDER_ROUTES,
} from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { callApi } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

/** POST /api/order/place/custom/preview: the price of an advanced customization for a pay way and coupon. */
export function previewCustomOrder(body: TCustomPreviewRequest, signal?: AbortSignal): Promise<TPricePreview> {
  return callApi(ORDER_ROUTES.placeCustomPreview, { body }, { signal });
}

/** POST /api/order/place/custom: the order (and its demand, CREATED) to pay in the order drawer. */
export function usePlaceCustomOrder() {
  return useMutation({
    mutationFn: (body: TPlaceCustomRequest) => callApi(ORDER_ROUTES.placeCustom, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: COMMERCE_KEYS.demands });
      void queryClient.invalidateQueries({ queryKey: COMMERCE_KEYS.orders });
    },
  });
}
