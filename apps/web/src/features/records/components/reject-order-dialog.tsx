import { Input, Modal } from 'antd';

/** 拒绝 a sub-account's wallet payment, with an optional reason the sub-account reads. */
export function RejectOrderDialog({
  open,
  orderNo,
  message,
  onMessageChange,
  loading,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  orderNo: string;
  message: string;
  onMessageChange: (message: string) => void;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={open}
      title={`拒绝订单 ${orderNo} 的余额支付`}
      okText="确认拒绝"
      okButtonProps={{ danger: true, loading }}
      cancelText="取消"
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Input.TextArea
        aria-label="拒绝原因"
        placeholder="拒绝原因（选填），子账号可以看到"
        value={message}
        maxLength={200}
        showCount
        rows={3}
        onChange={(e) => onMessageChange(e.target.value)}
      />
    </Modal>
  );
}
