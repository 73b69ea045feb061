import { ADMIN_MATERIAL_API, type TAdminMaterial } from '@gemstock/contract';
import { useQueries } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

export const adminMaterialKey = (sid: string) => [ADMIN_SCOPE, 'material', sid] as const;

/** GET /api/admin/materials/{sid} → {material}. */
export async function getMaterial(sid: string): Promise<TAdminMaterial> {
  const res = await callAdminApi(ADMIN_MATERIAL_API.detail, { params: { id: sid } });
  return res.material;
}

/** Follows freshly uploaded materials until each is ready or failed (every 2 s). */
export function useProcessingStatus(sids: string[]) {
  return useQueries({
    queries: sids.map((sid) => ({
      queryKey: adminMaterialKey(sid),
      queryFn: () => getMaterial(sid),
      refetchInterval: (q: { state: { data?: TAdminMaterial } }) =>
        q.state.data && q.state.data.status !== 'processing' ? false : 2000,
    })),
  });
}
