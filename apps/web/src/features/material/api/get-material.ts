import { CLIENT_ERROR, type TMaterialDetailResponse, MATERIAL_ROUTES } from '@gemstock/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Viewer, findCachedMaterial, materialsKey, useViewer } from '@/api/material-cache';
import { type ApiError, applyErrorPolicy, callApi, isApiError } from '@/lib/api-client';

/** A material that does not exist, is disabled, or whose id is malformed. */
export function isMaterialMissing(error: unknown): error is ApiError {
  return (
    isApiError(error) &&
    (error.code === CLIENT_ERROR.MATERIAL_NOT_FOUND ||
      error.code === CLIENT_ERROR.NOT_FOUND ||
      error.code === CLIENT_ERROR.VALIDATION)
  );
}

/**
 * GET /api/material/{sid} → the material. A missing material is the page's own 404 state, not
 * a toast; every other failure goes through the usual error policy.
 */
export async function getMaterial(sid: string, signal?: AbortSignal): Promise<TMaterialDetailResponse> {
  try {
    return await callApi(MATERIAL_ROUTES.detail, { params: { id: sid } }, { signal, quiet: true });
  } catch (error) {
    if (isApiError(error) && !isMaterialMissing(error)) applyErrorPolicy(error);
    throw error;
  }
}

export const materialKey = (viewer: Viewer, sid: string) => materialsKey(viewer, 'detail', sid);

/** The detail; while it loads, the copy from the grid the visitor clicked is shown. */
export function useMaterial(sid: string) {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  return useQuery<TMaterialDetailResponse>({
    queryKey: materialKey(viewer, sid),
    queryFn: ({ signal }) => getMaterial(sid, signal),
    placeholderData: () => findCachedMaterial(queryClient, sid),
  });
}
