import { ORDER_PATHS, pathUrl } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { fetchBlob } from '@/lib/api-client';

/** GET /api/order/{id}/certificate/{materialSid} → the licence certificate PDF. */
export function getCertificate(params: { orderSid: string; materialSid: string }): Promise<Blob> {
  return fetchBlob(pathUrl(ORDER_PATHS.certificate, { id: params.orderSid, materialSid: params.materialSid }));
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
