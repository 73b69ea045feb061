import { type TMaterialsResponse, MATERIAL_ROUTES } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { materialsKey, useViewer } from '@/api/material-cache';
import { callApi } from '@/lib/api-client';

/** GET /api/material/{sid}/related → {materials} (by shared keywords). */
export function getRelatedMaterials(sid: string, signal?: AbortSignal): Promise<TMaterialsResponse> {
  return callApi(MATERIAL_ROUTES.related, { params: { id: sid } }, { signal });
}

export function useRelatedMaterials(sid: string, enabled: boolean) {
  const viewer = useViewer();
  return useQuery({
    queryKey: materialsKey(viewer, 'related', sid),
    queryFn: ({ signal }) => getRelatedMaterials(sid, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
