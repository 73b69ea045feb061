import { useDialogs } from '@/stores/dialogs';
import { RechargeDialog } from './recharge-dialog';
import { VipProtocolDialog } from './vip-protocol-dialog';

/** The VIP recharge flow of spec §4, opened from the header popover, the /wallet page or the dialogs store. */
export function RechargeFlow() {
  const step = useDialogs((s) => s.recharge);
  return (
    <>
      <RechargeDialog open={step === 'choose'} />
      <VipProtocolDialog open={step === 'protocol'} />
    </>
  );
}
