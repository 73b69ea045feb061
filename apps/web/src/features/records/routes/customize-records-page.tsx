import { OrderType } from '@gemstock/contract';
import { useState } from 'react';
import { OrderList } from '../components/order-list';

/** /record/customize — custom design orders. */
export default function CustomizeRecordsPage() {
  const [page, setPage] = useState(1);
  return (
    <OrderList
      query={{ type: OrderType.CUSTOM }}
      page={page}
      onPageChange={setPage}
      empty="暂无定制记录，提交定制需求后可在这里查看进度"
    />
  );
}
