import { ADMIN_MATERIAL_PATHS, type TUploadConfigResponse } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

/** GET /api/admin/materials/upload_config: size and pixel caps, whether video can be processed. */
export function getUploadConfig(): Promise<TUploadConfigResponse> {
  return adminApi.get<TUploadConfigResponse>(ADMIN_MATERIAL_PATHS.uploadConfig);
}

export function useUploadConfig() {
  return useQuery({ queryKey: [ADMIN_SCOPE, 'upload-config'], queryFn: getUploadConfig, staleTime: 10 * 60_000 });
}
