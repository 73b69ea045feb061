import { Suspense, lazy, useState } from 'react';
import { lazyWithAntd } from '@/app/with-antd';
import { useFirstVisitGuide } from '@/features/auth/hooks/use-first-visit-guide';
import { useCheckout } from '@/stores/checkout';
import { useDialogs } from '@/stores/dialogs';
import { useSession } from '@/stores/session';

/*
 * The global dialogs of spec §2. Their code (forms, legal texts, antd) is loaded the first time
 * each one opens, so the first paint only carries the header. Once loaded a dialog stays mounted
 * so it can animate closed and keep its state.
 */
const AuthDialog = lazyWithAntd(() => import('@/features/auth/components/auth-dialog'), 'AuthDialog');
// plain elements: it opens on a first visit
const GuideDialog = lazy(async () => ({
  default: (await import('@/features/auth/components/guide-dialog')).GuideDialog,
}));
const CompanyDialog = lazyWithAntd(() => import('@/features/company/components/company-dialog'), 'CompanyDialog');
const CustomizationDialog = lazyWithAntd(
  () => import('@/features/customize/components/customization-dialog'),
  'CustomizationDialog',
);
const LegalDialog = lazyWithAntd(() => import('@/features/legal/components/legal-dialog'), 'LegalDialog');
const PendingCouponDialog = lazyWithAntd(
  () => import('@/features/coupon/components/pending-coupon-dialog'),
  'PendingCouponDialog',
);
const SurveyDialog = lazyWithAntd(() => import('@/features/survey/components/survey-dialog'), 'SurveyDialog');
const CheckoutHost = lazyWithAntd(() => import('@/features/checkout/components/checkout-host'), 'CheckoutHost');
// a tile's 加入收藏夹: the board picker (plain elements, no antd) loads on the first click, never with a grid
const AddToBoardHost = lazy(async () => ({
  default: (await import('@/features/board/components/add-to-board-host')).AddToBoardHost,
}));
const RechargeFlow = lazyWithAntd(() => import('@/features/wallet/components/recharge-flow'), 'RechargeFlow');

/** True from the first time `flag` is true. */
function useHasBeenTrue(flag: boolean): boolean {
  const [seen, setSeen] = useState(flag);
  if (flag && !seen) setSeen(true);
  return seen || flag;
}

function Slot({ when, children }: { when: boolean; children: React.ReactNode }) {
  const mounted = useHasBeenTrue(when);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

export function GlobalDialogs() {
  useFirstVisitGuide();
  const authOpen = useDialogs((s) => s.auth.open);
  const companyOpen = useDialogs((s) => s.company.open);
  const customizeOpen = useDialogs((s) => s.customize.open);
  const guideOpen = useDialogs((s) => s.guideOpen);
  const legalOpen = useDialogs((s) => s.legal !== null);
  const hasCoupon = useSession((s) => s.pendingCoupon !== null);
  const isCheckingOut = useCheckout((s) => s.step !== null || s.rewardCoupon !== null || s.paidOrder !== null);
  const rechargeOpen = useDialogs((s) => s.recharge !== null);
  const addingToBoard = useDialogs((s) => s.addToBoard !== null);
  // After the purchase's own dialogs (pay success, order coupon) and any pending coupon.
  const surveyDue = useSession((s) => s.surveyPending) && !isCheckingOut && !hasCoupon;

  return (
    <>
      <Slot when={authOpen}>
        <AuthDialog />
      </Slot>
      <Slot when={companyOpen}>
        <CompanyDialog />
      </Slot>
      <Slot when={customizeOpen}>
        <CustomizationDialog />
      </Slot>
      <Slot when={guideOpen}>
        <GuideDialog />
      </Slot>
      <Slot when={legalOpen}>
        <LegalDialog />
      </Slot>
      <Slot when={hasCoupon}>
        <PendingCouponDialog />
      </Slot>
      <Slot when={isCheckingOut}>
        <CheckoutHost />
      </Slot>
      <Slot when={rechargeOpen}>
        <RechargeFlow />
      </Slot>
      <Slot when={addingToBoard}>
        <AddToBoardHost />
      </Slot>
      <Slot when={surveyDue}>
        <SurveyDialog />
      </Slot>
    </>
  );
}
