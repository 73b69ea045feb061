import { MaterialFormat, type TPurchasedMaterial, licenceSpec } from '@gemstock/contract';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { MaterialLine } from '@/components/material-line';
import { Empty, SkeletonBlock, SkeletonText } from '@/components/ui/feedback';
import { Pagination } from '@/components/ui/pagination';
import { Table, type TableColumn } from '@/components/ui/table';
import { formatDateTime } from '@/lib/date-time';
import { usePurchasedMaterials } from '../api/get-purchased-materials';
import { BrowseMaterialsLink } from './browse-link';
import { OrderMaterialActions } from './order-material-actions';

const PAGE_SIZE = 20;

const columns: TableColumn<TPurchasedMaterial>[] = [
  { title: '素材', key: 'material', render: (m) => <MaterialLine material={m} size={56} /> },
  { title: '授权类型', key: 'spec', render: (m) => licenceSpec(m.spec).name },
  { title: '证书编号', key: 'certNo', dataIndex: 'certNo' },
  { title: '订单号', key: 'orderNo', dataIndex: 'orderNo' },
  { title: '购买时间', key: 'buyTime', render: (m) => formatDateTime(m.buyTime) },
  { title: '下载次数', key: 'downloadCount', dataIndex: 'downloadCount', align: 'center' },
  {
    title: '操作',
    key: 'actions',
    render: (m) => (
      <OrderMaterialActions
        orderSid={m.orderSid}
        materialSid={m.sid}
        upgrade={m}
        channelCuts={m.format === MaterialFormat.IMAGE ? 'image' : 'video'}
      />
    ),
  },
];

const rowKey = (m: TPurchasedMaterial) => `${m.orderSid}:${m.sid}`;

/** GET /api/user/material: every licensed material, with its certificate and download count. */
export function PurchasedMaterials() {
  const [page, setPage] = useState(1);
  const purchased = usePurchasedMaterials({ page, page_size: PAGE_SIZE });
  if (purchased.isError) {
    return <LoadError title="已购素材加载失败" error={purchased.error} onRetry={() => void purchased.refetch()} />;
  }
  const lines = purchased.data?.materials ?? [];
  const total = purchased.data?.total ?? 0;
  const pages = total > PAGE_SIZE && (
    <Pagination current={page} pageSize={PAGE_SIZE} total={total} onChange={setPage} />
  );
  return (
    <>
      {/* phones: one card per licence instead of a table to scroll sideways */}
      <div className="gs-show-phone">
        {purchased.isPending ? (
          <div className="gs-skeleton-card">
            <SkeletonBlock className="gs-skeleton-card__avatar" />
            <SkeletonText rows={3} />
          </div>
        ) : lines.length === 0 ? (
          <div className="gs-card" style={{ padding: 24 }}>
            <Empty description="暂无已购素材">
              <BrowseMaterialsLink />
            </Empty>
          </div>
        ) : (
          <ul className="gs-line-cards" aria-label="已购素材列表" aria-busy={purchased.isPlaceholderData}>
            {lines.map((m) => (
              <li key={rowKey(m)} className="gs-line-card gs-line-card--stacked">
                <MaterialLine material={m} size={56} />
                <dl className="gs-line-card__facts">
                  <dt>授权类型</dt>
                  <dd>{licenceSpec(m.spec).name}</dd>
                  <dt>证书编号</dt>
                  <dd>{m.certNo}</dd>
                  <dt>订单号</dt>
                  <dd>{m.orderNo}</dd>
                  <dt>购买时间</dt>
                  <dd>{formatDateTime(m.buyTime)}</dd>
                  <dt>下载次数</dt>
                  <dd>{m.downloadCount}</dd>
                </dl>
                <OrderMaterialActions
                  orderSid={m.orderSid}
                  materialSid={m.sid}
                  upgrade={m}
                  channelCuts={m.format === MaterialFormat.IMAGE ? 'image' : 'video'}
                />
              </li>
            ))}
          </ul>
        )}
        {pages}
      </div>
      <div className="gs-card gs-hide-phone gs-table-pages" style={{ padding: 8 }}>
        <Table<TPurchasedMaterial>
          label="已购素材列表"
          rowKey={rowKey}
          loading={purchased.isPending || purchased.isPlaceholderData}
          columns={columns}
          rows={lines}
          minWidth={900}
          empty={
            <Empty description="暂无已购素材">
              <BrowseMaterialsLink />
            </Empty>
          }
        />
        {pages}
      </div>
    </>
  );
}
