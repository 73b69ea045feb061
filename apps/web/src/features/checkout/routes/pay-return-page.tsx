import { ORDER_API, OrderStateMachine, PAY_RETURN_ORDER_PARAM, PaymentPollStatus } from '@gemstock/contract';
import { LoadingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageContainer } from '@/components/page-container';
import { paths } from '@/config/paths';
import { callApi } from '@/lib/api-client';
import { USER_SCOPE } from '@/lib/query-client';
import { checkout, useCheckout } from '@/stores/checkout';
import { usePayStatus } from '../api/get-pay-status';
import { useCompletePayment } from '../hooks/use-complete-payment';

const toOrders = (
  <Link to={paths.user.order} key="orders">
    <Button size="large">查看我的订单</Button>
  </Link>
);

/**
 * /pay/return?order=<sid> — where WeChat Pay H5, Alipay wap pay and the sandbox page send a
 * phone's browser back (decision 0026). The gateway sends it back paid or not, so the page asks
 * the order's pay status every 4 s, as the pay drawer does; paid, it goes on as any payment
 * does (支付成功, the reward coupon, the order's records page).
 */
export default function PayReturnPage() {
  const [params] = useSearchParams();
  const sid = params.get(PAY_RETURN_ORDER_PARAM) ?? '';
  const order = useQuery({
    queryKey: [USER_SCOPE, 'pay-return-order', sid],
    queryFn: async () => (await callApi(ORDER_API.detail, { params: { id: sid } })).order,
    enabled: sid !== '',
    staleTime: 0,
    gcTime: 0,
  });
  const status = usePayStatus(sid, sid !== '' && order.isSuccess);
  const pollStatus = status.data?.status;
  const completePayment = useCompletePayment();
  const isDone = useRef(false);

  useEffect(() => {
    if (pollStatus !== PaymentPollStatus.SUCCESS || !order.data || isDone.current) return;
    isDone.current = true;
    // paid again from the pay drawer opened here: the drawer goes on itself, once
    if (useCheckout.getState().step?.kind === 'online') return;
    void completePayment(order.data, status.data?.coupon ?? null);
  }, [pollStatus, status.data?.coupon, order.data, completePayment]);

  let content;
  if (sid === '') {
    content = <Result status="warning" title="没有找到要确认的订单" extra={toOrders} />;
  } else if (order.isError) {
    content = (
      <LoadError
        title="订单加载失败"
        error={order.error}
        onRetry={() => void order.refetch()}
        isRetrying={order.isFetching}
      />
    );
  } else if (!order.data) {
    content = <Skeleton active paragraph={{ rows: 3 }} />;
  } else if (pollStatus === PaymentPollStatus.SUCCESS) {
    content = <Result status="success" title="支付成功" subTitle={`订单号 ${order.data.orderNo}`} extra={toOrders} />;
  } else if (pollStatus === PaymentPollStatus.FAIL) {
    const data = order.data;
    content = (
      <Result
        status="warning"
        title="支付未完成"
        subTitle={`订单号 ${data.orderNo}。可重新支付，或到“我的订单”中继续支付。`}
        extra={[
          OrderStateMachine.may('pay', data.status) && (
            <Button type="primary" size="large" key="pay" onClick={() => checkout.openOrder(data)}>
              重新支付
            </Button>
          ),
          toOrders,
        ]}
      />
    );
  } else {
    content = (
      <Result
        icon={<LoadingOutlined aria-hidden />}
        title="正在确认支付结果…"
        subTitle={
          <span role="status" aria-live="polite">
            订单号 {order.data.orderNo}。如已完成支付，请稍候，页面将自动跳转。
          </span>
        }
        extra={[
          <Button size="large" key="pay" onClick={() => checkout.openOrder(order.data)}>
            未完成？重新支付
          </Button>,
          toOrders,
        ]}
      />
    );
  }

  return (
    <PageContainer width="narrow">
      <section className="gs-card" style={{ padding: 24 }}>
        {content}
      </section>
    </PageContainer>
  );
}
