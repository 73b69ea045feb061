import { bindService } from '../../lib/bind-service.js';
import { getPayStatus, handleGatewayNotification } from './gateway-settlement.js';
import { startOnlinePayment } from './online-method.js';
import { listExceptionsForOperators, listOrderPaymentEvents } from './payment-admin.service.js';
import type { PayMethodDeps } from './payment-method.js';
import type { PaymentDeps } from './payment.service.js';
import { completeSandboxPayment, describeSandboxPayment } from './sandbox-pay.service.js';
import { confirmTransfer, getTransferInfo, rejectTransfer, startTransfer } from './transfer-method.js';
import { payByWallet } from './wallet-method.js';

export type PaymentServiceDeps = PaymentDeps & PayMethodDeps;

/**
 * Paying an order by every method (wallet, transfer, online), what gateways report, the
 * sandbox's pay page and the operators' payment views. Built once, in services.ts.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  return bindService(deps, {
    payByWallet,
    startTransfer,
    getTransferInfo,
    confirmTransfer,
    rejectTransfer,
    startOnlinePayment,
    getPayStatus,
    handleGatewayNotification,
    describeSandboxPayment,
    completeSandboxPayment,
    listExceptionsForOperators,
    listOrderPaymentEvents,
  });
}

export type PaymentService = ReturnType<typeof createPaymentService>;
