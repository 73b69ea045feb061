import { DownloadOutlined } from '@ant-design/icons';
import { EXPORT_OF, type ExportKind } from '@gemstock/contract';
import { Button, Tooltip } from 'antd';
import { type ExportFilters, useDownloadExport } from '../api/export-csv';
import { useOperatorCan } from '../lib/operator-access';

/**
 * 导出 CSV of a console list with its current filters (the rows the list would show, every page),
 * for the roles that may read the list. The file opens in Excel as it is: UTF-8 with a BOM.
 */
export function ExportButton({ kind, filters }: { kind: ExportKind; filters: ExportFilters }) {
  const { can } = useOperatorCan();
  const download = useDownloadExport(kind);
  if (!can(EXPORT_OF[kind])) return null;
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
