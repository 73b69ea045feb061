import { AccountLevel, AuditStatus, OrderStatus } from '@gemstock/contract';
import { useState } from 'react';
import { Tabs } from '@/components/ui/tabs';
import { useCurrentUser } from '@/stores/session';
import type { OrderFilters } from '../api/get-orders';
import { BrowseMaterialsLink } from '../components/browse-link';
import { OrderList } from '../components/order-list';

type Filter = 'all' | OrderStatus | 'audit';

const QUERY: Record<Filter, OrderFilters> = {
  all: {},
  [OrderStatus.CREATED]: { status: OrderStatus.CREATED },
  [OrderStatus.PAYED]: { status: OrderStatus.PAYED },
  [OrderStatus.CANCELLED]: { status: OrderStatus.CANCELLED },
  [OrderStatus.REFUNDED]: { status: OrderStatus.REFUNDED },
  audit: { audit_status: AuditStatus.PENDING },
};

/**
 * /user/order — every order of the account (a main account also sees its sub-accounts'), with
 * continue paying, cancel and — for the main account — approval of sub-account wallet payments.
 */
export default function UserOrderPage() {
  const user = useCurrentUser();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const isMainWithSubs = user?.level === AccountLevel.MAIN && user.subEnabled;

  const tabs: { key: Filter; label: string }[] = [
    { key: 'all', label: '全部' },
    { key: OrderStatus.CREATED, label: '待支付' },
    { key: OrderStatus.PAYED, label: '已完成' },
    { key: OrderStatus.CANCELLED, label: '已取消' },
    { key: OrderStatus.REFUNDED, label: '已退款' },
    ...(isMainWithSubs ? [{ key: 'audit' as const, label: '待我审批' }] : []),
  ];

  return (
    <section className="gs-card" style={{ padding: 24 }}>
      <h5 className="gs-section-title">我的订单</h5>
      <Tabs
        label="订单状态"
        activeKey={filter}
        onChange={(key) => {
          setFilter(key);
          setPage(1);
        }}
        items={tabs}
      >
        <OrderList
          query={QUERY[filter]}
          page={page}
          onPageChange={setPage}
          empty={filter === 'audit' ? '没有等待审批的子账号订单' : '暂无订单'}
          emptyAction={filter === 'all' ? <BrowseMaterialsLink /> : undefined}
        />
      </Tabs>
    </section>
  );
}
