import { ORDER_PATHS, orderPath } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * GET /api/order/{id}/certificate/{materialSid} → the licence certificate PDF. It needs the
 * bearer token, so it is fetched and handed to the browser as a file rather than linked.
 */
export function getCertificate(params: { orderSid: string; materialSid: string }): Promise<Blob> {
  return apiClient.get<Blob>(orderPath(ORDER_PATHS.certificate, params.orderSid, params.materialSid), {
    responseType: 'blob',
  });
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
