import { ADMIN_MATERIAL_PATHS, type TAdminMaterial, type TAdminMaterialResponse, pathUrl } from '@gemstock/contract';
import { adminUpload, type UploadProgress } from '../lib/admin-api';

/**
 * POST /api/admin/materials/upload (multipart: `batch_file`, `keywords`, `file`) with upload
 * progress. With `batchFile` the server records the file's fate in its upload batch (and gives it
 * the batch's keywords). The server checks the type by content and answers with the material,
 * still processing and waiting for review.
 */
export async function uploadMaterial(
  file: File,
  keywords: string[],
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal; batchFile?: string } = {},
): Promise<TAdminMaterial> {
  const { batchFile, ...sendOptions } = options;
  const form = new FormData();
  // Fields before the file: the server reads them as they stream in.
  if (batchFile) form.append('batch_file', batchFile);
  if (keywords.length > 0) form.append('keywords', keywords.join(','));
  form.append('file', file, file.name);
  // Failures are shown next to the file in the upload list, not as toasts.
  const res = await adminUpload<TAdminMaterialResponse>(pathUrl(ADMIN_MATERIAL_PATHS.upload, {}), form, {
    ...sendOptions,
    quiet: true,
  });
  return res.material;
}
