import { type ReactNode, Suspense, lazy, useEffect } from 'react';
import { LoadError } from '@/components/load-error';
import { Empty, SkeletonBlock, SkeletonText } from '@/components/ui/feedback';
import { Pagination } from '@/components/ui/pagination';
import { countText, pagedTotal, usePageCursors } from '@/lib/list-pages';
import { type OrderFilters, useOrders } from '../api/get-orders';

export const ORDER_PAGE_SIZE = 10;

// The cards show the orders, so they wait for the orders request anyway: their code is fetched
// beside it when the list mounts, not before the page's first paint (its skeleton).
const loadCards = () => import('./order-card');
const OrderCard = lazy(async () => ({ default: (await loadCards()).OrderCard }));

interface OrderListProps {
  query: OrderFilters;
  page: number;
  onPageChange: (page: number) => void;
  empty: ReactNode;
  /** What a buyer with no such order can do next (a link to the catalogue). */
  emptyAction?: ReactNode;
}

function OrdersSkeleton() {
  return (
    <div className="gs-stack">
      {[0, 1, 2].map((i) => (
        <div key={i} className="gs-card gs-skeleton-card" style={{ padding: 20 }}>
          <SkeletonBlock className="gs-skeleton-card__avatar" />
          <SkeletonText rows={2} />
        </div>
      ))}
    </div>
  );
}

/**
 * A page of orders (GET /api/order/list) with loading, empty and error states. The page after
 * one already shown is asked by that page's cursor, so orders placed meanwhile neither push an
 * order onto the next page a second time nor hide one; a jump to another page asks by number.
 */
export function OrderList({ query, page, onPageChange, empty, emptyAction }: OrderListProps) {
  const cursors = usePageCursors(JSON.stringify(query));
  const cursor = cursors.cursorOf(page);
  const orders = useOrders({ ...query, page, page_size: ORDER_PAGE_SIZE, ...(cursor ? { cursor } : {}) });
  const goTo = (next: number) => {
    cursors.remember(page, next, orders.data && !orders.isPlaceholderData ? orders.data.nextCursor : null);
    onPageChange(next);
  };
  useEffect(() => {
    void loadCards().then((cards) => cards.prefetchOrderParts());
  }, []);

  if (orders.isPending) return <OrdersSkeleton />;
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
  const { total, totalCapped, orders: items } = orders.data;
  const pageTotal = pagedTotal(orders.data, page, ORDER_PAGE_SIZE);
  if (items.length === 0) {
    return (
      <div className="gs-card" style={{ padding: '40px 24px' }}>
        <Empty description={empty}>{emptyAction}</Empty>
      </div>
    );
  }
  return (
    <Suspense fallback={<OrdersSkeleton />}>
      <div
        className="gs-stack"
        style={{ opacity: orders.isPlaceholderData ? 0.6 : 1 }}
        aria-busy={orders.isFetching || undefined}
      >
        {items.map((order) => (
          <OrderCard key={order.sid} order={order} />
        ))}
        {pageTotal > ORDER_PAGE_SIZE && (
          <div className="gs-pages-with-total">
            <span>{countText(total, totalCapped, '个订单')}</span>
            <Pagination current={page} pageSize={ORDER_PAGE_SIZE} total={pageTotal} onChange={goTo} />
          </div>
        )}
      </div>
    </Suspense>
  );
}
