import { MATERIAL_PATHS, type TMaterialsResponse, materialPath } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { materialsKey, useViewer } from '@/api/material-cache';
import { apiClient } from '@/lib/api-client';

/** GET /api/material/{sid}/related → {materials} (by shared keywords). */
export function getRelatedMaterials(sid: string, signal?: AbortSignal): Promise<TMaterialsResponse> {
  return apiClient.get<TMaterialsResponse>(materialPath(MATERIAL_PATHS.related, sid), { signal });
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
