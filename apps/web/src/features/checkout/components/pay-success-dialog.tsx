import { Button, Modal, Result } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useCheckout } from '@/stores/checkout';

/** Spec §2/§4: shown after paying an order that has no records page of its own (dashboard orders). */
export function PaySuccessDialog() {
  const order = useCheckout((s) => s.paidOrder);
  const dismiss = useCheckout((s) => s.showPaySuccess);
  const navigate = useNavigate();
  const close = () => dismiss(null);

  return (
    <Modal open={order !== null} onCancel={close} footer={null} width={440} centered>
      <Result
        status="success"
        title="支付成功"
        subTitle={order ? `订单 ${order.orderNo} 已支付，我们将尽快与您联系。` : undefined}
        extra={[
          <Button
            key="orders"
            type="primary"
            onClick={() => {
              close();
              void navigate(paths.user.order);
            }}
          >
            查看订单
          </Button>,
          <Button key="close" onClick={close}>
            继续浏览
          </Button>,
        ]}
      />
    </Modal>
  );
}
