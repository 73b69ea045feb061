import { CLIENT_ERROR } from '@gemstock/contract';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/feedback';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useAuditOrder } from '../api/audit-order';
import { lazyDialog } from './lazy-dialog';

// the dialog (and antd) loads when a main account first rejects
const RejectOrderDialog = lazyDialog('RejectOrderDialog');

/** A main account approves or rejects a sub-account's request to pay an order from its wallet. */
export function AuditActions({ orderSid, orderNo }: { orderSid: string; orderNo: string }) {
  const audit = useAuditOrder();
  const [isRejecting, setRejecting] = useState(false);
  // mounted once opened, so the dialog can play its closing animation
  const [hasRejected, setHasRejected] = useState(false);
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
    isApiError(audit.error) && audit.error.code === CLIENT_ERROR.SUB_BUDGET_EXCEEDED ? audit.error.message : null;

  return (
    <span className="gs-audit-actions">
      {overBudget && (
        <Alert
          type="warning"
          role="alert"
          description="可在“我的子账号”中调整该子账号的每月预算，或拒绝该订单的余额支付。"
        >
          {overBudget}
        </Alert>
      )}
      <Button kind="primary" size="small" loading={audit.isPending && !isRejecting} onClick={() => decide(true)}>
        通过
      </Button>
      <Button
        size="small"
        className="gs-btn--danger"
        onClick={() => {
          setHasRejected(true);
          setRejecting(true);
        }}
        disabled={audit.isPending}
      >
        拒绝
      </Button>
      {hasRejected && (
        <Suspense fallback={null}>
          <RejectOrderDialog
            open={isRejecting}
            orderNo={orderNo}
            message={message}
            onMessageChange={setMessage}
            loading={audit.isPending}
            onConfirm={() => decide(false)}
            onCancel={() => setRejecting(false)}
          />
        </Suspense>
      )}
    </span>
  );
}
