import { LicenceType, OrderType, type TOrder } from '@gemstock/contract';
import { paths } from '@/config/paths';

export type AfterPayment = { kind: 'navigate'; to: string } | { kind: 'pay-success' };

/**
 * Spec §4 "After payment": custom orders go to the custom records, material orders to the
 * ordinary records, dashboard orders show the pay-success dialog, anything else (a recharge)
 * goes to the order page — where the lists simply reload when the buyer is already there.
 * A bought 高级定制授权 of one material stands for its custom design (decision 0023): the buyer
 * goes straight on to that material's custom form, where the licence pays for the order.
 */
export function afterPaymentOf(
  orderType: OrderType,
  materials: readonly Pick<TOrder['materials'][number], 'sid' | 'spec'>[] = [],
): AfterPayment {
  switch (orderType) {
    case OrderType.MATERIAL: {
      const only = materials.length === 1 ? materials[0] : undefined;
      if (only?.spec === LicenceType.PREMIUM_CUSTOM) {
        return { kind: 'navigate', to: `${paths.customize}?material=${encodeURIComponent(only.sid)}` };
      }
      return { kind: 'navigate', to: paths.record.ordinary };
    }
    case OrderType.CUSTOM:
      return { kind: 'navigate', to: paths.record.customize };
    case OrderType.DASHBOARD:
      return { kind: 'pay-success' };
    default:
      return { kind: 'navigate', to: paths.user.order };
  }
}
