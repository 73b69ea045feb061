import { PaymentAttemptStateMachine, type PaymentAttemptStatus } from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import { transitionToward } from '../../lib/state-transition.js';
import { updateAttemptStatus } from './payment.repository.js';

/**
 * The one door through which a payment attempt's status changes. What a gateway reports is
 * recorded from whatever state the attempt is in, as far as PaymentAttemptStateMachine allows:
 * the UPDATE is guarded by every state that may reach `to`, so concurrent deliveries agree and
 * nothing leaves PAID. False when the attempt could not move (already there, or past it).
 */
export async function transitionAttempt(
  db: DbOrTx,
  outTradeNo: string,
  to: Exclude<PaymentAttemptStatus, 'OPEN'>,
  tradeNo: string | null = null,
): Promise<boolean> {
  return transitionToward(PaymentAttemptStateMachine, to, (from) =>
    updateAttemptStatus(db, outTradeNo, from, to, tradeNo),
  );
}
