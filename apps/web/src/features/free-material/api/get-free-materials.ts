import { FREE_PAGE_SIZE, type TPagedMaterialsResponse, MATERIAL_ROUTES } from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Viewer, materialsKey, useViewer } from '@/api/material-cache';
import { callApi } from '@/lib/api-client';

/** GET /api/material/free?page&page_size → {total, materials} free right now. */
export function getFreeMaterials(page: number, signal?: AbortSignal): Promise<TPagedMaterialsResponse> {
  return callApi(MATERIAL_ROUTES.free, { query: { page, page_size: FREE_PAGE_SIZE } }, { signal });
}

export const freeMaterialsKey = (viewer: Viewer, page: number) => materialsKey(viewer, 'free', page);

export function useFreeMaterials(page: number) {
  const viewer = useViewer();
  return useQuery({
    queryKey: freeMaterialsKey(viewer, page),
    queryFn: ({ signal }) => getFreeMaterials(page, signal),
    placeholderData: keepPreviousData,
  });
}
