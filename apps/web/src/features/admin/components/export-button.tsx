import { DownloadOutlined } from '@ant-design/icons';
import {
  ADMIN_AUDIT_ROUTES,
  ADMIN_COUPON_ROUTES,
  ADMIN_DASHBOARD_ROUTES,
  ADMIN_INVOICE_ROUTES,
  ADMIN_ORDER_ROUTES,
  type EXPORT_OF,
  type ExportKind,
} from '@gemstock/contract';
import { Button, Tooltip } from 'antd';
import { type ExportFilters, useDownloadExport } from '../api/export-csv';
import { useOperatorCan } from '../lib/operator-access';

/**
 * The list each export is of (the contract's EXPORT_OF) by its route: the roles without the
 * schemas, which a list's first render does not load.
 */
const EXPORT_ROUTE_OF = {
  orders: ADMIN_ORDER_ROUTES.list,
  invoices: ADMIN_INVOICE_ROUTES.list,
  coupons: ADMIN_COUPON_ROUTES.list,
  audit: ADMIN_AUDIT_ROUTES.list,
  dashboard: ADMIN_DASHBOARD_ROUTES.dashboard,
} as const satisfies { [K in ExportKind]: { path: (typeof EXPORT_OF)[K]['path'] } };

/**
 * 导出 CSV of a console list with its current filters (the rows the list would show, every page),
 * for the roles that may read the list. The file opens in Excel as it is: UTF-8 with a BOM.
 */
export function ExportButton({ kind, filters }: { kind: ExportKind; filters: ExportFilters }) {
  const { can } = useOperatorCan();
  const download = useDownloadExport(kind);
  if (!can(EXPORT_ROUTE_OF[kind])) return null;
  return (
    <Tooltip title="按当前筛选条件导出全部结果（最多 10 万行），可直接用 Excel 打开">
      <Button
        icon={<DownloadOutlined />}
        loading={download.isPending}
        onClick={() => download.mutate(filters, { onError: () => undefined })}
      >
        导出 CSV
      </Button>
    </Tooltip>
  );
}
