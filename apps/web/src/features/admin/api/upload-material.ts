import { ADMIN_MATERIAL_PATHS, type TAdminMaterial, type TAdminMaterialResponse, pathUrl } from '@gemstock/contract';
import { adminUpload, type UploadProgress } from '../lib/admin-api';

/**
 * POST /api/admin/materials/upload (multipart: `file`, `keywords`) with upload progress. The
 * server checks the type by content and answers with the material, still processing.
 */
export async function uploadMaterial(
  file: File,
  keywords: string[],
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<TAdminMaterial> {
  const form = new FormData();
  // Fields before the file: the server reads them as they stream in.
  if (keywords.length > 0) form.append('keywords', keywords.join(','));
  form.append('file', file, file.name);
  // Failures are shown next to the file in the upload list, not as toasts.
  const res = await adminUpload<TAdminMaterialResponse>(pathUrl(ADMIN_MATERIAL_PATHS.upload, {}), form, {
    ...options,
    quiet: true,
  });
  return res.material;
}
