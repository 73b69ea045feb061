import { ADMIN_MATERIAL_API, type TAdminMaterial, type TAdminMaterialPatch } from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

/** PATCH /api/admin/materials/{sid} with the changed fields (money in cents). */
export async function updateMaterial({
  sid,
  ...patch
}: TAdminMaterialPatch & { sid: string }): Promise<TAdminMaterial> {
  const res = await callAdminApi(ADMIN_MATERIAL_API.update, { params: { id: sid }, body: patch });
  return res.material;
}

export function useUpdateMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMaterial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_SCOPE] }),
  });
}
