import { ADMIN_MATERIAL_ROUTES, type TAdminMaterial } from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

/** POST /api/admin/materials/{sid}/reprocess: queue the renditions again. */
export async function reprocessMaterial(sid: string): Promise<TAdminMaterial> {
  const res = await callAdminApi(ADMIN_MATERIAL_ROUTES.reprocess, { params: { id: sid } });
  return res.material;
}

export function useReprocessMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reprocessMaterial,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_SCOPE] }),
  });
}
