import { VIP_DISCOUNT_LABEL, VIP_MONTHLY_FEE_CENTS, VIP_VALID_MONTHS, formatYuan } from '@gemstock/contract';

/** What monthly VIP is (spec §2 recharge dialog and /wallet, §9 constants), said the same everywhere. */
export const VIP_POINTS: readonly string[] = [
  `月度会员费 ${formatYuan(VIP_MONTHLY_FEE_CENTS)}（含税），充值金额全部进入会员钱包`,
  `会员期间使用钱包余额购买素材授权，享受会员价 ${VIP_DISCOUNT_LABEL}`,
  `自充值成功起有效期 ${VIP_VALID_MONTHS} 个月，到期后余额失效，不予退还`,
  '子账号经主账号审批后可使用会员余额',
];
