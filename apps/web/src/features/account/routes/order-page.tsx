import { NotYetAvailable } from '@/components/not-yet-available';
import { SectionCard } from '../components/section-card';

/** /user/order — order list, payment, invoices; arrives with the checkout issue. */
export default function OrderPage() {
  return (
    <SectionCard title="我的订单">
      <NotYetAvailable
        title="暂无订单"
        description="下单后可在这里查看订单状态、继续支付、取消订单与申请发票。订单功能即将上线。"
      />
    </SectionCard>
  );
}
