import type { ORDER_PATHS } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * ORDER_PATHS.certificate, typed against it: importing the constant would bring the order
 * declarations' zod schemas into the records pages.
 */
const CERTIFICATE: (typeof ORDER_PATHS)['certificate'] = '/api/order/:id/certificate/:materialSid';

/**
 * GET /api/order/{id}/certificate/{materialSid} → the licence certificate PDF. It needs the
 * bearer token, so it is fetched and handed to the browser as a file rather than linked.
 */
export function getCertificate(params: { orderSid: string; materialSid: string }): Promise<Blob> {
  return apiClient.get<Blob>(
    CERTIFICATE.replace(':id', encodeURIComponent(params.orderSid)).replace(
      ':materialSid',
      encodeURIComponent(params.materialSid),
    ),
    {
      responseType: 'blob',
    },
  );
}

/** Saves the PDF as 授权证书-{sid}.pdf. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // give the browser time to start the download before the object URL goes
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useDownloadCertificate() {
  return useMutation({
    mutationFn: getCertificate,
    onSuccess: (blob, { materialSid }) => saveBlob(blob, `授权证书-${materialSid}.pdf`),
  });
}
