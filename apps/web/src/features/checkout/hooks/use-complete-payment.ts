import type { TOrder } from '@gemstock/contract';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { invalidateCommerce } from '@/api/commerce-keys';
import { refreshCurrentUser } from '@/api/current-user';
import { logError } from '@/lib/logger';
import { notify } from '@/lib/notify';
import { useCheckout } from '@/stores/checkout';
import { useSession } from '@/stores/session';
import { afterPaymentOf } from '../lib/after-payment';

/**
 * What follows a successful payment, whatever the method (spec §4): the drawers close, 支付成功,
 * the user (balance, badges) and the order lists reload, the order coupon dialog shows when the
 * payment earned a coupon, then the buyer goes where the order type says.
 */
export function useCompletePayment() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  return useCallback(
    async (order: TOrder, couponCode: string | null) => {
      const checkout = useCheckout.getState();
      checkout.close();
      notify.success('支付成功');
      void invalidateCommerce();
      try {
        await refreshCurrentUser();
      } catch (error) {
        logError('刷新用户信息失败', error);
      }
      if (couponCode) {
        // the same coupon may also come back as the account's pending coupon: show it once
        const session = useSession.getState();
        const details = session.pendingCoupon?.code === couponCode ? session.pendingCoupon : null;
        if (details) session.dismissPendingCoupon();
        checkout.showRewardCoupon({ code: couponCode, details });
      }
      const next = afterPaymentOf(order.orderType, order.materials);
      if (next.kind === 'pay-success') checkout.showPaySuccess(order);
      else if (pathname !== next.to) await navigate(next.to);
    },
    [navigate, pathname],
  );
}
