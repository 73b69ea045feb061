import { type TPurchasedMaterial, licenceSpec } from '@gemstock/contract';
import { Empty, Pagination, Skeleton, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { MaterialLine } from '@/components/material-line';
import { formatDateTime } from '@/lib/form';
import { usePurchasedMaterials } from '../api/get-purchased-materials';
import { OrderMaterialActions } from './order-material-actions';
import { ScrollTable } from '@/components/scroll-table';

const PAGE_SIZE = 20;

const columns: TableColumnsType<TPurchasedMaterial> = [
  {
    title: '素材',
    key: 'material',
    render: (_, m) => <MaterialLine material={m} size={56} />,
  },
  { title: '授权类型', key: 'spec', render: (_, m) => licenceSpec(m.spec).name },
  { title: '证书编号', dataIndex: 'certNo', key: 'certNo' },
  { title: '订单号', dataIndex: 'orderNo', key: 'orderNo' },
  { title: '购买时间', key: 'buyTime', render: (_, m) => formatDateTime(m.buyTime) },
  { title: '下载次数', dataIndex: 'downloadCount', key: 'downloadCount', align: 'center' },
  {
    title: '操作',
    key: 'actions',
    render: (_, m) => <OrderMaterialActions orderSid={m.orderSid} materialSid={m.sid} upgrade={m} />,
  },
];

/** GET /api/user/material: every licensed material, with its certificate and download count. */
export function PurchasedMaterials() {
  const [page, setPage] = useState(1);
  const purchased = usePurchasedMaterials({ page, page_size: PAGE_SIZE });
  if (purchased.isError) {
    return <LoadError title="已购素材加载失败" error={purchased.error} onRetry={() => void purchased.refetch()} />;
  }
  const lines = purchased.data?.materials ?? [];
  const total = purchased.data?.total ?? 0;
  return (
    <>
      {/* phones: one card per licence instead of a table to scroll sideways */}
      <div className="gs-show-phone">
        {purchased.isPending ? (
          <Skeleton active avatar paragraph={{ rows: 3 }} />
        ) : lines.length === 0 ? (
          <div className="gs-card" style={{ padding: 24 }}>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无已购素材" />
          </div>
        ) : (
          <ul className="gs-line-cards" aria-label="已购素材列表" aria-busy={purchased.isPlaceholderData}>
            {lines.map((m) => (
              <li key={`${m.orderSid}:${m.sid}`} className="gs-line-card gs-line-card--stacked">
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
                <OrderMaterialActions orderSid={m.orderSid} materialSid={m.sid} upgrade={m} />
              </li>
            ))}
          </ul>
        )}
        <Pagination
          current={page}
          pageSize={PAGE_SIZE}
          total={total}
          hideOnSinglePage
          showSizeChanger={false}
          onChange={setPage}
          simple
          align="center"
        />
      </div>
      <div className="gs-card gs-hide-phone" style={{ padding: 8 }}>
        <ScrollTable<TPurchasedMaterial>
          regionLabel="已购素材列表"
          rowKey={(m) => `${m.orderSid}:${m.sid}`}
          loading={purchased.isPending || purchased.isPlaceholderData}
          columns={columns}
          dataSource={lines}
          scroll={{ x: 900 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无已购素材" /> }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: setPage,
          }}
        />
      </div>
    </>
  );
}
