import {
  ORDER_API,
  type TOrderResponse,
  type TPlaceUpgradeRequest,
  type TPricePreview,
  type TUpgradePreviewRequest,
} from '@gemstock/contract';
import { useMutation, useQueries } from '@tanstack/react-query';
import { invalidateCommerce } from '@/api/commerce-keys';
import { refreshCurrentUser } from '@/api/current-user';
import { callApi } from '@/lib/api-client';
import { USER_SCOPE } from '@/lib/query-client';

/**
 * POST /api/order/place/upgrade {material, spec, source} → {order} (CREATED): the order
 * upgrading the company's licence of a material, priced at the difference.
 */
export function placeUpgradeOrder(body: TPlaceUpgradeRequest): Promise<TOrderResponse> {
  return callApi(ORDER_API.placeUpgrade, { body });
}

export function usePlaceUpgradeOrder() {
  return useMutation({
    mutationFn: placeUpgradeOrder,
    onSuccess: () => {
      void invalidateCommerce();
      refreshCurrentUser().catch(() => undefined);
    },
  });
}

/** POST /api/order/place/upgrade/preview {material, spec, code, pay_way} → the breakdown of the difference. */
export function previewUpgrade(body: TUpgradePreviewRequest, signal?: AbortSignal): Promise<TPricePreview> {
  return callApi(ORDER_API.placeUpgradePreview, { body }, { signal, quiet: true });
}

/** The difference for each target licence, as the server prices it (no coupon, no pay way yet). */
export function useUpgradePreviews(material: string, specs: readonly number[], enabled: boolean) {
  return useQueries({
    queries: specs.map((spec) => ({
      queryKey: [USER_SCOPE, 'upgrade-preview', material, spec] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        previewUpgrade({ material, spec: spec as TUpgradePreviewRequest['spec'], code: null, pay_way: null }, signal),
      enabled,
      staleTime: 0,
      retry: false,
    })),
  });
}
