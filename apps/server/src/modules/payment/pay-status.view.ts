import { OrderStatus, PaymentAttemptStatus, type PaymentPollStatus } from '@gemstock/contract';

/**
 * What the pay drawer's poll shows: SUCCESS once the order is paid; WAITING while it is payable
 * and its latest attempt has not failed; FAIL when the latest attempt failed or the order can no
 * longer be paid.
 */
export function payPollStatusOf(
  order: { status: string },
  latestAttempt: { status: string } | undefined,
): PaymentPollStatus {
  if (order.status === OrderStatus.PAYED) return 'SUCCESS';
  if (order.status === OrderStatus.CREATED) {
    return latestAttempt?.status === PaymentAttemptStatus.FAILED ? 'FAIL' : 'WAITING';
  }
  return 'FAIL';
}
