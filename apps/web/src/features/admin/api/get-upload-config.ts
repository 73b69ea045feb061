import { ADMIN_MATERIAL_API, type TUploadConfigResponse } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

/** GET /api/admin/materials/upload_config: size and pixel caps, whether video can be processed. */
export function getUploadConfig(): Promise<TUploadConfigResponse> {
  return callAdminApi(ADMIN_MATERIAL_API.uploadConfig);
}

export function useUploadConfig() {
  return useQuery({ queryKey: [ADMIN_SCOPE, 'upload-config'], queryFn: getUploadConfig, staleTime: 10 * 60_000 });
}
