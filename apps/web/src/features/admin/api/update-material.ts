import {
  ADMIN_MATERIAL_PATHS,
  adminMaterialPath,
  type TAdminMaterial,
  type TAdminMaterialPatch,
  type TAdminMaterialResponse,
} from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

/** PATCH /api/admin/materials/{sid} with the changed fields (money in cents). */
export async function updateMaterial({
  sid,
  ...patch
}: TAdminMaterialPatch & { sid: string }): Promise<TAdminMaterial> {
  const res = await adminApi.patch<TAdminMaterialResponse>(adminMaterialPath(ADMIN_MATERIAL_PATHS.detail, sid), patch);
  return res.material;
}

export function useUpdateMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMaterial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_SCOPE] }),
  });
}
