import { AuditStatus, type TOrder } from '@gemstock/contract';

/** What a sub-account reads under 余额支付 about its main account's approval. */
export function walletApprovalNote(order: Pick<TOrder, 'auditStatus' | 'auditMessage'>): {
  type: 'error' | 'info';
  text: string;
} {
  switch (order.auditStatus) {
    case AuditStatus.PENDING:
      return { type: 'info', text: '已提交主账号审批，审批通过后即可使用余额支付' };
    case AuditStatus.REJECTED:
      return {
        type: 'error',
        text: `主账号未通过余额支付审批${order.auditMessage ? `：${order.auditMessage}` : ''}，请使用其他方式支付`,
      };
    case AuditStatus.APPROVED:
      return { type: 'info', text: '主账号已通过审批，可使用余额支付' };
    default:
      return { type: 'info', text: '子账号使用主账号余额支付，需主账号审批通过' };
  }
}
