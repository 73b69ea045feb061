import { OrderType } from '@gemstock/contract';
import { paths } from '@/config/paths';

export type AfterPayment = { kind: 'navigate'; to: string } | { kind: 'pay-success' };

/**
 * Spec §4 "After payment": custom orders go to the custom records, material orders to the
 * ordinary records, dashboard orders show the pay-success dialog, anything else (a recharge)
 * goes to the order page — where the lists simply reload when the buyer is already there.
 */
export function afterPaymentOf(orderType: OrderType): AfterPayment {
  switch (orderType) {
    case OrderType.MATERIAL:
      return { kind: 'navigate', to: paths.record.ordinary };
    case OrderType.CUSTOM:
      return { kind: 'navigate', to: paths.record.customize };
    case OrderType.DASHBOARD:
      return { kind: 'pay-success' };
    default:
      return { kind: 'navigate', to: paths.user.order };
  }
}
