import {
  type ORDER_API,
  type TCustomPreviewRequest,
  type TPlaceCustomRequest,
  type TPricePreview,
  endpointRoute,
} from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { callApi } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

// routes, not the declarations: /customize loads no zod (src/api/routes.ts)
const PREVIEW = endpointRoute<typeof ORDER_API.placeCustomPreview>('POST', '/api/order/place/custom/preview');
const PLACE = endpointRoute<typeof ORDER_API.placeCustom>('POST', '/api/order/place/custom');

/** POST /api/order/place/custom/preview: the price of an advanced customization for a pay way and coupon. */
export function previewCustomOrder(body: TCustomPreviewRequest, signal?: AbortSignal): Promise<TPricePreview> {
  return callApi(PREVIEW, { body }, { signal });
}

/** POST /api/order/place/custom: the order (and its demand, CREATED) to pay in the order drawer. */
export function usePlaceCustomOrder() {
  return useMutation({
    mutationFn: (body: TPlaceCustomRequest) => callApi(PLACE, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: COMMERCE_KEYS.demands });
      void queryClient.invalidateQueries({ queryKey: COMMERCE_KEYS.orders });
    },
  });
}
