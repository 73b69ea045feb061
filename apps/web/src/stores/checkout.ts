import type { PayWay, TCoupon, TOrder, TPurchasedMaterial } from '@gemstock/contract';
import { create } from 'zustand';
import type { CheckoutLine } from './checkout-line';
import { dialogs, useDialogs } from './dialogs';
import { useSession } from './session';

/**
 * The checkout flow of spec §4, opened from anywhere (cart, detail page, records, the VIP
 * recharge) and rendered once by the root layout (features/checkout). Exactly one step is on
 * screen at a time; the steps after payment (order coupon, pay success) stand on their own.
 */

/** A licensed material whose licence may be upgraded (the purchased list's row). */
export type UpgradeSubject = Pick<
  TPurchasedMaterial,
  'sid' | 'keywords' | 'format' | 'width' | 'height' | 'authType' | 'price' | 'specialPrice' | 'customPrice' | 'spec'
>;

/**
 * What the buyer chose before the order existed (the custom form's estimate): the order drawer
 * starts from it, so the way and coupon they were shown are the ones they pay with.
 */
export interface OrderPreset {
  /** null: not chosen, the drawer's default rule applies. */
  payWay: PayWay | null;
  code: string | null;
}

/** The online drawer's two tabs. */
export type OnlineTab = 'wechat' | 'alipay';

export type CheckoutStep =
  | { kind: 'contract'; lines: CheckoutLine[] }
  | { kind: 'upgrade'; material: UpgradeSubject }
  | { kind: 'order'; order: TOrder; preset?: OrderPreset }
  | { kind: 'online'; order: TOrder; code: string | null; referer: string | null; tab?: OnlineTab }
  | { kind: 'transfer'; order: TOrder; code: string | null; referer: string | null };

export interface RewardCoupon {
  code: string;
  details: TCoupon | null;
}

interface CheckoutState {
  step: CheckoutStep | null;
  /** The coupon the last payment earned (the order coupon dialog); details when the server sent them. */
  rewardCoupon: RewardCoupon | null;
  /** A paid order whose type shows the pay-success dialog (dashboard orders). */
  paidOrder: TOrder | null;

  /**
   * Buy materials: the company dialog first when the account has none (spec §4), then the
   * licence-agreement contract; confirming it creates the order and opens the order drawer.
   */
  buyMaterials(lines: CheckoutLine[]): void;
  /**
   * 升级授权: the dialog choosing the wider licence and agreeing to the licence agreement;
   * confirming places the upgrade order and opens the order drawer.
   */
  upgradeLicence(material: UpgradeSubject): void;
  /** The order drawer for a CREATED order (new, or continued from the records). */
  openOrder(order: TOrder, preset?: OrderPreset): void;
  go(step: CheckoutStep): void;
  close(): void;
  showRewardCoupon(coupon: RewardCoupon | null): void;
  showPaySuccess(order: TOrder | null): void;
}

/** Spec §4: a sub-account uses its parent's company, saved to it automatically. */
export function hasCompanyOnRecord(): boolean {
  const { user, userParent } = useSession.getState();
  return Boolean(user?.company || userParent?.company);
}

export const useCheckout = create<CheckoutState>()((set) => ({
  step: null,
  rewardCoupon: null,
  paidOrder: null,

  buyMaterials(lines) {
    if (lines.length === 0) return;
    const toContract = () => set({ step: { kind: 'contract', lines } });
    // saving the company opens the contract, since a payment is pending
    if (!hasCompanyOnRecord()) dialogs.openCompany(toContract);
    else toContract();
  },
  upgradeLicence(material) {
    const toUpgrade = () => set({ step: { kind: 'upgrade', material } });
    if (!hasCompanyOnRecord()) dialogs.openCompany(toUpgrade);
    else toUpgrade();
  },
  openOrder(order, preset) {
    set({ step: preset ? { kind: 'order', order, preset } : { kind: 'order', order } });
  },
  go(step) {
    set({ step });
  },
  close() {
    set({ step: null });
  },
  showRewardCoupon(rewardCoupon) {
    set({ rewardCoupon });
  },
  showPaySuccess(paidOrder) {
    set({ paidOrder });
  },
}));

/** Non-React access for event handlers in other features. */
export const checkout = {
  buyMaterials: (lines: CheckoutLine[]) => useCheckout.getState().buyMaterials(lines),
  openOrder: (order: TOrder, preset?: OrderPreset) => useCheckout.getState().openOrder(order, preset),
  upgradeLicence: (material: UpgradeSubject) => useCheckout.getState().upgradeLicence(material),
};

// Signing out (or a revoked token) ends any checkout in progress: its orders belong to the old session.
useSession.subscribe((state, previous) => {
  if (previous.user && !state.user) {
    useCheckout.setState({ step: null, rewardCoupon: null, paidOrder: null });
    useDialogs.getState().closeRecharge();
  }
});
