import { OrderType } from '@gemstock/contract';
import { Segmented } from 'antd';
import { useState } from 'react';
import { OrderList } from '../components/order-list';
import { PurchasedMaterials } from '../components/purchased-materials';

type View = 'orders' | 'materials';

/** /record/ordinary — material purchases: the orders, and every licensed material with its certificate. */
export default function OrdinaryRecordsPage() {
  const [view, setView] = useState<View>('orders');
  const [page, setPage] = useState(1);
  return (
    <>
      <Segmented<View>
        value={view}
        onChange={setView}
        options={[
          { value: 'orders', label: '购买订单' },
          { value: 'materials', label: '已购素材' },
        ]}
        style={{ marginBottom: 16 }}
        aria-label="查看方式"
      />
      {view === 'orders' ? (
        <OrderList
          query={{ type: OrderType.MATERIAL }}
          page={page}
          onPageChange={setPage}
          empty="暂无素材购买记录，购买授权后可在这里下载原图与授权证书"
        />
      ) : (
        <PurchasedMaterials />
      )}
    </>
  );
}
