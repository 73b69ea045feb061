import { SERVICE_QR_ROUTES } from '@gemstock/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

const settingKey = [ADMIN_SCOPE, 'service-qr'] as const;

/** GET /api/admin/settings/service-qr → where the buyers' service QR comes from, and a warning. */
export function useServiceQrSetting(enabled = true) {
  return useQuery({
    queryKey: settingKey,
    enabled,
    queryFn: () => callAdminApi(SERVICE_QR_ROUTES.setting),
    staleTime: 60_000,
  });
}

/** Reads a picture as a data URL for PUT {image}. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('读取图片失败'));
    reader.readAsDataURL(file);
  });
}

/** PUT a new QR picture (checked and stored by the server), or DELETE it. */
export function useSaveServiceQr() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: Blob | null) =>
      file === null
        ? callAdminApi(SERVICE_QR_ROUTES.clear)
        : callAdminApi(SERVICE_QR_ROUTES.upload, { body: { image: await readAsDataUrl(file) } }),
    onSuccess: (setting) => queryClient.setQueryData(settingKey, setting),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ADMIN_SCOPE, 'audit'] }),
  });
}
