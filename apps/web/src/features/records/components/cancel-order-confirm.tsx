import { Button, Popconfirm } from 'antd';

/**
 * 取消订单 with its confirmation, loaded on the first click of the page's plain button, which it
 * replaces: it takes the focus that button had, and the popover opens at once.
 */
export function CancelOrderConfirm({
  open,
  onOpenChange,
  loading,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  loading: boolean;
  onConfirm: () => void;
}) {
  return (
    <Popconfirm
      open={open}
      onOpenChange={onOpenChange}
      title="确定取消该订单吗？"
      description="取消后如需购买需重新下单"
      okText="取消订单"
      cancelText="再想想"
      onConfirm={onConfirm}
    >
      {/* it takes the focus of the button it replaces */}
      <Button loading={loading} autoFocus>
        取消订单
      </Button>
    </Popconfirm>
  );
}
