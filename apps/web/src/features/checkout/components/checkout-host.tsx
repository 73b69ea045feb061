import type { TOrder } from '@gemstock/contract';
import { useState } from 'react';
import { type CheckoutStep, useCheckout } from '@/stores/checkout';
import { ContractDialog } from './contract-dialog';
import { OnlinePayDrawer } from './online-pay-drawer';
import { OrderCouponDialog } from './order-coupon-dialog';
import { OrderDrawer } from './order-drawer';
import { PaySuccessDialog } from './pay-success-dialog';
import { TransferDrawer } from './transfer-drawer';
import { UpgradeLicenceDialog } from './upgrade-licence-dialog';

type StepOf<K extends CheckoutStep['kind']> = Extract<CheckoutStep, { kind: K }>;

/**
 * Each step keeps the props it was last opened with, so a dialog animates closed with its
 * content instead of going blank, and a new opening (counted) starts with fresh state.
 */
function useLastStep<K extends CheckoutStep['kind']>(step: CheckoutStep | null, kind: K) {
  const [last, setLast] = useState<{ step: StepOf<K>; opening: number } | null>(null);
  const current = step?.kind === kind ? (step as StepOf<K>) : null;
  if (current && current !== last?.step) setLast({ step: current, opening: (last?.opening ?? 0) + 1 });
  return { open: current !== null, last };
}

// the drawers are siblings: the step's kind keeps their keys apart for the same order
const keyOf = (kind: CheckoutStep['kind'], order: TOrder, opening: number) => `${kind}:${order.sid}:${opening}`;

/** The checkout flow of spec §4, rendered once by the root layout and driven by stores/checkout. */
export function CheckoutHost() {
  const step = useCheckout((s) => s.step);
  const contract = useLastStep(step, 'contract');
  const upgrade = useLastStep(step, 'upgrade');
  const order = useLastStep(step, 'order');
  const online = useLastStep(step, 'online');
  const transfer = useLastStep(step, 'transfer');

  return (
    <>
      {contract.last && (
        <ContractDialog key={contract.last.opening} open={contract.open} lines={contract.last.step.lines} />
      )}
      {upgrade.last && (
        <UpgradeLicenceDialog key={upgrade.last.opening} open={upgrade.open} material={upgrade.last.step.material} />
      )}
      {order.last && (
        <OrderDrawer
          key={keyOf('order', order.last.step.order, order.last.opening)}
          open={order.open}
          order={order.last.step.order}
          preset={order.last.step.preset}
        />
      )}
      {online.last && (
        <OnlinePayDrawer
          key={keyOf('online', online.last.step.order, online.last.opening)}
          open={online.open}
          order={online.last.step.order}
          code={online.last.step.code}
          referer={online.last.step.referer}
          tab={online.last.step.tab}
        />
      )}
      {transfer.last && (
        <TransferDrawer
          key={keyOf('transfer', transfer.last.step.order, transfer.last.opening)}
          open={transfer.open}
          order={transfer.last.step.order}
          code={transfer.last.step.code}
          referer={transfer.last.step.referer}
        />
      )}
      <OrderCouponDialog />
      <PaySuccessDialog />
    </>
  );
}
