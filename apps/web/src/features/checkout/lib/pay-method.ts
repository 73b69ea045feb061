import { OrderType, type PayMethod, PayWay, formatYuan, payMethodOf } from '@gemstock/contract';

/**
 * The pay methods of the order drawer (spec §2, §4; `PayMethod` in the contract). WeChat Pay and
 * Alipay are one method, 在线支付: its drawer has a tab for each, and the server locks the order
 * to the method.
 */
export const PAY_METHOD_LABEL: Record<PayMethod, string> = {
  wallet: '余额支付',
  online: '在线支付',
  transfer: '对公转账',
};

/**
 * The pay_way a preview is priced with. Online is priced as WeChat: both gateways charge the
 * same price, and only the wallet changes it (the member discount).
 */
export function payWayOfMethod(method: PayMethod): PayWay {
  if (method === 'wallet') return PayWay.WALLET;
  if (method === 'transfer') return PayWay.TRANSFER;
  return PayWay.WECHAT;
}

/** Spec §5: a wallet recharge cannot be paid by wallet (and has no coupon field). */
export function isWalletOffered(orderType: OrderType): boolean {
  return orderType !== OrderType.WALLET;
}

export function isCouponOffered(orderType: OrderType): boolean {
  return orderType !== OrderType.WALLET;
}

export interface DefaultPayMethodInput {
  orderType: OrderType;
  /** The method the order was locked to by an earlier payment attempt. */
  lockedPayWay: PayWay | null;
  /** Cents in the paying wallet (the parent's for a sub-account). */
  balance: number;
  /** What the order costs paid by wallet (member price for a VIP), from the server preview. */
  walletPrice: number | null;
}

/**
 * Spec §4: the method an order was locked to stays; otherwise wallet when the order is not a
 * recharge and the balance covers the wallet price, else online.
 */
export function defaultPayMethod({ orderType, lockedPayWay, balance, walletPrice }: DefaultPayMethodInput): PayMethod {
  const locked = payMethodOf(lockedPayWay);
  if (locked) return locked;
  if (isWalletOffered(orderType) && walletPrice !== null && walletPrice <= balance) return 'wallet';
  return 'online';
}

/** Spec §5: the tooltip of the disabled wallet choice, with the actual balance; null when it covers. */
export function walletShortfallText(balance: number, walletPrice: number | null): string | null {
  if (walletPrice === null || walletPrice <= balance) return null;
  return `当前余额${formatYuan(balance)}，余额不足，请使用其他方式支付`;
}

/** Which methods an order offers, and whether each can be chosen now (a locked order keeps its group). */
export function payMethodOptions(input: {
  orderType: OrderType;
  lockedPayWay: PayWay | null;
  balance: number;
  walletPrice: number | null;
}): { method: PayMethod; disabled: boolean; reason: string | null }[] {
  const locked = payMethodOf(input.lockedPayWay);
  const methods: PayMethod[] = isWalletOffered(input.orderType)
    ? ['wallet', 'online', 'transfer']
    : ['online', 'transfer'];
  return methods.map((method) => {
    if (locked && locked !== method) {
      return { method, disabled: true, reason: '该订单已选择其他支付方式，支付方式选择后不可更改' };
    }
    if (method === 'wallet') {
      const reason = walletShortfallText(input.balance, input.walletPrice);
      return { method, disabled: reason !== null, reason };
    }
    return { method, disabled: false, reason: null };
  });
}
