import { Empty, Flex, Pagination, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/load-error';
import { type OrderFilters, useOrders } from '../api/get-orders';
import { OrderCard } from './order-card';

export const ORDER_PAGE_SIZE = 10;

interface OrderListProps {
  query: OrderFilters;
  page: number;
  onPageChange: (page: number) => void;
  empty: ReactNode;
}

/** A page of orders (GET /api/order/list) with loading, empty and error states. */
export function OrderList({ query, page, onPageChange, empty }: OrderListProps) {
  const orders = useOrders({ ...query, page, page_size: ORDER_PAGE_SIZE });

  if (orders.isPending) {
    return (
      <Flex vertical gap={16}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="gs-card" style={{ padding: 20 }}>
            <Skeleton active avatar paragraph={{ rows: 2 }} />
          </div>
        ))}
      </Flex>
    );
  }
  if (orders.isError) {
    return (
      <LoadError
        title="订单加载失败"
        error={orders.error}
        onRetry={() => void orders.refetch()}
        isRetrying={orders.isFetching}
      />
    );
  }
  const { total, orders: items } = orders.data;
  if (items.length === 0) {
    return (
      <div className="gs-card" style={{ padding: '40px 24px' }}>
        <Empty description={empty} />
      </div>
    );
  }
  return (
    <Flex
      vertical
      gap={16}
      style={{ opacity: orders.isPlaceholderData ? 0.6 : 1 }}
      aria-busy={orders.isFetching || undefined}
    >
      {items.map((order) => (
        <OrderCard key={order.sid} order={order} />
      ))}
      {total > ORDER_PAGE_SIZE && (
        <Pagination
          className="gs-pagination"
          current={page}
          pageSize={ORDER_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={onPageChange}
          showTotal={(t) => `共 ${t} 个订单`}
        />
      )}
    </Flex>
  );
}
