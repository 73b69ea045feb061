/**
 * Chinese names for the words the payment records are kept in. The server stores them as plain
 * strings (gateway adapters may add new ones), so an unknown value is shown as it is rather than
 * hidden.
 */

interface Label {
  text: string;
  color?: string;
}

const GATEWAY_TEXT: Record<string, string> = {
  wechat: '微信支付',
  alipay: '支付宝',
  sandbox: '沙箱支付',
  transfer: '对公转账',
  wallet: '余额',
};

const EVENT_KIND_TEXT: Record<string, string> = {
  create: '发起支付',
  notify: '支付通知',
  query: '主动查询',
  close: '关闭支付',
  refund: '退款',
  refund_notify: '退款通知',
  refund_query: '查询退款',
};

const OUTCOME_LABEL: Record<string, Label> = {
  settled: { text: '已入账', color: 'green' },
  duplicate: { text: '重复通知', color: 'blue' },
  exception: { text: '支付异常', color: 'red' },
  not_paid: { text: '未支付', color: 'default' },
  rejected: { text: '已拒收', color: 'volcano' },
  failed: { text: '发起失败', color: 'red' },
  closed: { text: '已关闭', color: 'default' },
  refunded: { text: '已退款', color: 'purple' },
  refund_requested: { text: '已申请退款', color: 'processing' },
  refund_processing: { text: '退款处理中', color: 'processing' },
  refund_succeeded: { text: '退款成功', color: 'purple' },
  refund_failed: { text: '退款失败', color: 'red' },
  refund_not_found: { text: '渠道无此退款', color: 'default' },
  refund_unknown: { text: '结果未知，待查询', color: 'orange' },
};

/** Why a payment could not settle, why a notification was refused, or the gateway's trade state. */
const REASON_TEXT: Record<string, string> = {
  // payment exceptions: money arrived but could not settle the order
  order_cancelled: '订单已取消后到账',
  paid_twice: '订单已支付，重复付款',
  price_changed: '订单改价后按原价付款',
  amount_mismatch: '到账金额与发起支付的金额不符',
  coupon_unclaimed: '优惠码未保留，按优惠价付款',
  transfer_overpaid: '对公转账多付的款项',
  unknown_refund: '不是本系统发起的退款',
  unknown: '未知原因',
  // notifications that were not believed or not ours
  unknown_order: '找不到对应的支付单',
  missing_trade_no: '缺少渠道交易号',
  order_not_found: '订单不存在',
  bad_signature: '签名校验失败',
  missing_signature: '缺少签名',
  stale_timestamp: '通知时间戳已过期',
  unknown_serial: '未知的平台证书',
  decrypt_failed: '通知解密失败',
  wrong_app: '应用 ID 不匹配',
  wrong_merchant: '商户号不匹配',
  malformed: '通知格式不正确',
  // gateways' own trade states (WeChat Pay, Alipay, sandbox)
  NOTPAY: '未支付',
  USERPAYING: '用户支付中',
  PAYERROR: '支付失败',
  CLOSED: '已关闭',
  REVOKED: '已撤销',
  ORDER_NOT_EXIST: '渠道无此交易',
  WAIT_BUYER_PAY: '等待买家付款',
  TRADE_CLOSED: '交易已关闭',
  TRADE_NOT_EXIST: '渠道无此交易',
};

export function gatewayText(gateway: string | null): string {
  if (!gateway) return '—';
  return GATEWAY_TEXT[gateway] ?? gateway;
}

export function eventKindText(kind: string): string {
  return EVENT_KIND_TEXT[kind] ?? kind;
}

export function outcomeLabel(outcome: string): Label {
  return OUTCOME_LABEL[outcome] ?? { text: outcome };
}

/** The Chinese reason, or null when there is none to translate (the raw value is then shown). */
export function reasonText(reason: string): string | null {
  return REASON_TEXT[reason] ?? null;
}
