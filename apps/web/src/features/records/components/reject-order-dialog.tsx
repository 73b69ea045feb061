import { AUDIT_MESSAGE_MAX } from '@gemstock/contract';
import { Input, Modal } from 'antd';
import { OverLimit } from '@/components/over-limit';
import { tooLongMessage } from '@/lib/form';

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
  const tooLong = tooLongMessage(message, AUDIT_MESSAGE_MAX, '拒绝原因');
  return (
    <Modal
      open={open}
      title={`拒绝订单 ${orderNo} 的余额支付`}
      okText="确认拒绝"
      okButtonProps={{ danger: true, loading, disabled: tooLong !== undefined }}
      cancelText="取消"
      onOk={() => {
        if (!tooLong) onConfirm();
      }}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Input.TextArea
        aria-label="拒绝原因"
        placeholder="拒绝原因（选填），子账号可以看到"
        value={message}
        count={{ show: true, max: AUDIT_MESSAGE_MAX }}
        status={tooLong ? 'error' : undefined}
        rows={3}
        onChange={(e) => onMessageChange(e.target.value)}
      />
      <OverLimit message={tooLong} />
    </Modal>
  );
}
