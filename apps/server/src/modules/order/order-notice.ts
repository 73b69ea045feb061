import { chinaClockOf, formatYuan } from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import type { MessageSender } from '../../notify/message-sender.js';
import { findUserBySid } from '../user/index.js';
import type { OrderRow } from './order.repository.js';

/**
 * Messages about a sub-account's wallet payment: the main account is told an approval waits,
 * the sub-account is told the answer. Sent by mail (or SMS when the account has only a mobile)
 * through the app's message sender; a message that cannot be sent is logged and never undoes
 * the approval.
 */
export interface OrderNoticeDeps {
  db: DbOrTx;
  messages?: MessageSender;
  siteName?: string;
  log?: { warn(data: object, message: string): void };
}

async function tell(deps: OrderNoticeDeps, userSid: string, subject: string, text: string): Promise<void> {
  if (!deps.messages) return;
  try {
    // The account's own address: a decision told to the main account that made it tells no one.
    const address = await findUserBySid(deps.db, userSid);
    const to = address?.email
      ? { channel: 'email' as const, to: address.email }
      : address?.mobile
        ? { channel: 'sms' as const, to: address.mobile }
        : null;
    if (!to) return;
    await deps.messages.send({ ...to, subject: `【${deps.siteName ?? ''}】${subject}`, text, code: null });
  } catch (error) {
    deps.log?.warn({ err: error, userSid }, 'order notice could not be sent');
  }
}

/** "12月5日 24:00" for the end of a China day, else "12月5日 14:30". */
export function payByText(at: Date): string {
  const clock = chinaClockOf(at);
  if (clock.hour === 0 && clock.minute === 0) {
    const day = chinaClockOf(new Date(at.getTime() - 60_000));
    return `${day.month}月${day.day}日 24:00`;
  }
  return `${clock.month}月${clock.day}日 ${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
}

async function subAccountName(deps: OrderNoticeDeps, order: OrderRow): Promise<string> {
  const sub = await findUserBySid(deps.db, order.userSid);
  return sub?.name || sub?.username || '子账号';
}

/** The main account is asked to approve: who, which order, how much. */
export async function tellApprovalRequested(deps: OrderNoticeDeps, order: OrderRow): Promise<void> {
  const who = await subAccountName(deps, order);
  await tell(
    deps,
    order.ownerSid,
    '子账号订单待您审批',
    `子账号“${who}”申请使用公司余额支付订单 ${order.orderNo}（${order.name}），金额 ${formatYuan(order.priceCents)}。` +
      '请登录后在“我的订单 → 待我审批”中通过或驳回。',
  );
}

/** The sub-account is told the answer, and until when it can pay after an approval. */
export async function tellApprovalDecided(
  deps: OrderNoticeDeps,
  order: OrderRow,
  decision: { approved: boolean; payBy: string | null },
): Promise<void> {
  const note = order.auditMessage ? `审批意见：${order.auditMessage}。` : '';
  if (decision.approved) {
    await tell(
      deps,
      order.userSid,
      '订单审批已通过',
      `主账号已通过订单 ${order.orderNo}（${order.name}）的余额支付审批，金额 ${formatYuan(order.priceCents)}。${note}` +
        `请${decision.payBy ? `于 ${decision.payBy} 前` : '尽快'}在“我的订单”中完成余额支付，逾期订单将自动取消。`,
    );
  } else {
    await tell(
      deps,
      order.userSid,
      '订单审批未通过',
      `主账号未通过订单 ${order.orderNo}（${order.name}）的余额支付审批。${note}您可以使用其他方式支付，或取消该订单。`,
    );
  }
}
