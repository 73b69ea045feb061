import { ADMIN_EXPORT_PATHS, type ExportKind, chinaDateOf } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { saveBlob } from '@/api/get-certificate';
import { fetchBlob } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useAdminSession } from '../lib/admin-session';

/** A list's filters as the address and its query carry them; paging is left out (the file is the whole list). */
export type ExportFilters = object;

const FILE_NAME: Readonly<Record<ExportKind, string>> = {
  orders: '订单',
  invoices: '发票申请',
  coupons: '优惠券',
  audit: '操作日志',
  dashboard: '数据看板',
};

const PAGING = new Set(['page', 'page_size', 'cursor']);

/** The export's address: its path and the list's filters that are set. */
export function exportUrl(kind: ExportKind, filters: ExportFilters): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters) as [string, unknown][]) {
    if (value === undefined || value === null || value === '' || PAGING.has(name)) continue;
    query.set(name, String(value as string | number | boolean));
  }
  const search = query.toString();
  return search ? `${ADMIN_EXPORT_PATHS[kind]}?${search}` : ADMIN_EXPORT_PATHS[kind];
}

/**
 * GET the CSV with the operator's token (so fetched, not linked) and save it as 订单-20260301.csv.
 * A refusal arrives as the usual envelope and is said in a toast.
 */
export async function downloadExport(kind: ExportKind, filters: ExportFilters): Promise<void> {
  const token = useAdminSession.getState().token;
  try {
    const blob = await fetchBlob(exportUrl(kind, filters), { quiet: true, token });
    saveBlob(blob, `${FILE_NAME[kind]}-${chinaDateOf(new Date()).replaceAll('-', '')}.csv`);
  } catch (error) {
    notify.error(error instanceof Error ? error.message : '导出失败，请稍后重试');
    throw error;
  }
}

export function useDownloadExport(kind: ExportKind) {
  return useMutation({ mutationFn: (filters: ExportFilters) => downloadExport(kind, filters) });
}
