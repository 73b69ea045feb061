import { bindService } from '../../lib/bind-service.js';
import { handlePaymentException } from './payment-exception.service.js';
import {
  describeOrderMoney,
  handleRefundNotification,
  payOutRefund,
  previewOrderRefund,
  refundOrder,
  refundPaymentException,
  type RefundDeps,
  retryRefund,
  stopSandboxRefunds,
  syncProcessingRefunds,
  syncRefund,
} from './refund.service.js';

/**
 * Refunds, payment exceptions and their gateways' answers (docs/decisions/0029). Built once, in
 * services.ts, with the payment module's dependencies and the sandbox's pending refund timers.
 */
export function createRefundService(deps: RefundDeps) {
  return bindService(deps, {
    previewOrderRefund,
    refundOrder,
    describeOrderMoney,
    syncRefund,
    retryRefund,
    payOutRefund,
    handlePaymentException,
    refundPaymentException,
    handleRefundNotification,
    syncProcessingRefunds,
    stopSandboxRefunds,
  });
}

export type RefundService = ReturnType<typeof createRefundService>;
