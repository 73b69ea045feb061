import { ErrorCode } from '@gemstock/contract';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useAuditOrder } from '../api/audit-order';

/** A main account approves or rejects a sub-account's request to pay an order from its wallet. */
export function AuditActions({ orderSid, orderNo }: { orderSid: string; orderNo: string }) {
  const audit = useAuditOrder();
  const [isRejecting, setRejecting] = useState(false);
  const [message, setMessage] = useState('');

  const decide = (approved: boolean) =>
    audit.mutate(
      { orderSid, approved, message: approved ? null : message.trim() || null },
      {
        onSuccess: () => {
          setRejecting(false);
          setMessage('');
          notify.success(approved ? '已通过，子账号可使用余额支付该订单' : '已拒绝该订单的余额支付');
        },
      },
    );

  // Over the sub-account's monthly budget: the server's message names budget, spent and this order.
  const overBudget =
    isApiError(audit.error) && audit.error.code === ErrorCode.SUB_BUDGET_EXCEEDED.code ? audit.error.message : null;

  return (
    <Space wrap>
      {overBudget && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={overBudget}
          description="可在“我的子账号”中调整该子账号的每月预算，或拒绝该订单的余额支付。"
        />
      )}
      <Button type="primary" size="small" loading={audit.isPending && !isRejecting} onClick={() => decide(true)}>
        通过
      </Button>
      <Button danger size="small" onClick={() => setRejecting(true)} disabled={audit.isPending}>
        拒绝
      </Button>
      <Modal
        open={isRejecting}
        title={`拒绝订单 ${orderNo} 的余额支付`}
        okText="确认拒绝"
        okButtonProps={{ danger: true, loading: audit.isPending }}
        cancelText="取消"
        onOk={() => decide(false)}
        onCancel={() => setRejecting(false)}
        destroyOnHidden
      >
        <Input.TextArea
          aria-label="拒绝原因"
          placeholder="拒绝原因（选填），子账号可以看到"
          value={message}
          maxLength={200}
          showCount
          rows={3}
          onChange={(e) => setMessage(e.target.value)}
        />
      </Modal>
    </Space>
  );
}
