import {
  ADMIN_INVOICE_API,
  ADMIN_INVOICE_FILE_PATH,
  type InvoiceStatus,
  type TAdminInvoice,
  type TInvoiceVoidRequest,
  pathUrl,
} from '@gemstock/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { adminUpload, callAdminApi, type UploadProgress } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

export const ADMIN_INVOICES_KEY = [ADMIN_SCOPE, 'invoices'] as const;

export interface InvoiceQueueQuery {
  status?: InvoiceStatus | undefined;
  page: number;
  page_size: number;
  /** The page before's `nextCursor`: the invoices after its last one. */
  cursor?: string | undefined;
}

/** GET /api/admin/invoices?status&page&page_size[&cursor] → {total, totalCapped, nextCursor, invoices}, most urgent first. */
export function useInvoiceQueue(query: InvoiceQueueQuery) {
  return useQuery({
    queryKey: [...ADMIN_INVOICES_KEY, query],
    queryFn: ({ signal }) => callAdminApi(ADMIN_INVOICE_API.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

const refreshQueue = () => queryClient.invalidateQueries({ queryKey: ADMIN_INVOICES_KEY });

/** POST /api/admin/invoices/{id}/reject {reason}. */
export function useRejectInvoice() {
  return useMutation({
    mutationFn: (params: { sid: string; reason: string }) =>
      callAdminApi(ADMIN_INVOICE_API.reject, { params: { id: params.sid }, body: { reason: params.reason } }),
    onSuccess: refreshQueue,
  });
}

/** POST /api/admin/invoices/{id}/void {kind, reason, reissue} → {voided, replacement}. */
export function useVoidInvoice() {
  return useMutation({
    mutationFn: (params: { sid: string; body: TInvoiceVoidRequest }) =>
      callAdminApi(ADMIN_INVOICE_API.void, { params: { id: params.sid }, body: params.body }),
    onSuccess: refreshQueue,
  });
}

/** PUT /api/admin/invoices/{id}/file with the PDF as the body, reporting the upload's progress. */
export function issueInvoice(
  sid: string,
  file: File,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal; quiet?: boolean } = {},
): Promise<TAdminInvoice> {
  const pdf = file.type === 'application/pdf' ? file : new Blob([file], { type: 'application/pdf' });
  return adminUpload<TAdminInvoice>(pathUrl(ADMIN_INVOICE_FILE_PATH, { id: sid }), pdf, {
    ...options,
    method: 'PUT',
  }).then(async (invoice) => {
    await refreshQueue();
    return invoice;
  });
}
