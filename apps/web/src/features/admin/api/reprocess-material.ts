import {
  ADMIN_MATERIAL_PATHS,
  adminMaterialPath,
  type TAdminMaterial,
  type TAdminMaterialResponse,
} from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

/** POST /api/admin/materials/{sid}/reprocess: queue the renditions again. */
export async function reprocessMaterial(sid: string): Promise<TAdminMaterial> {
  const res = await adminApi.post<TAdminMaterialResponse>(adminMaterialPath(ADMIN_MATERIAL_PATHS.reprocess, sid));
  return res.material;
}

export function useReprocessMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reprocessMaterial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_SCOPE] }),
  });
}
