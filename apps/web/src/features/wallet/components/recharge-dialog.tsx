import { AccountLevel, MESSAGES, VIP_MONTHLY_FEE_CENTS } from '@gemstock/contract';
import { CheckCircleFilled, CrownOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { PriceText } from '@/components/price-text';
import { formatDate } from '@/lib/form';
import { notify } from '@/lib/notify';
import { hasCompanyOnRecord } from '@/stores/checkout';
import { useDialogs } from '@/stores/dialogs';
import { useSession } from '@/stores/session';
import { VIP_POINTS } from './vip-terms';

/** The only recharge amount there is: the VIP monthly fee. */
const AMOUNTS = [VIP_MONTHLY_FEE_CENTS] as const;

/**
 * The VIP recharge dialog (spec §2): monthly VIP explained, the balance, the 699 option and —
 * for a main account only — the recharge button. A company is required first (spec §5); after
 * saving it the buyer is back here, nothing is paid without another click.
 */
export function RechargeDialog({ open }: { open: boolean }) {
  const user = useSession((s) => s.user);
  const close = useDialogs((s) => s.closeRecharge);
  const openRecharge = useDialogs((s) => s.openRecharge);
  const openCompany = useDialogs((s) => s.openCompany);
  const [amount, setAmount] = useState<number | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // every opening asks for the amount afresh
    setWasOpen(open);
    if (open) setAmount(null);
  }
  const isMain = user?.level === AccountLevel.MAIN;

  const onRecharge = () => {
    if (amount === null) {
      notify.warning(MESSAGES.rechargeAmount);
      return;
    }
    if (!hasCompanyOnRecord()) {
      close();
      openCompany(() => openRecharge('choose'));
      return;
    }
    openRecharge('protocol');
  };

  return (
    <Modal
      open={open}
      onCancel={close}
      title={
        <span>
          <CrownOutlined style={{ color: 'var(--gs-gold)' }} /> {user?.isVip ? '续费' : '开通'} VIP 月度会员
        </span>
      }
      width={520}
      centered
      footer={
        isMain
          ? [
              <Button key="cancel" onClick={close}>
                取消
              </Button>,
              <Button key="ok" type="primary" onClick={onRecharge}>
                立即充值
              </Button>,
            ]
          : [
              <Button key="close" onClick={close}>
                我知道了
              </Button>,
            ]
      }
    >
      <ul className="gs-vip-points">
        {VIP_POINTS.map((point) => (
          <li key={point}>
            <CheckCircleFilled /> {point}
          </li>
        ))}
      </ul>
      {user && (
        <Flex justify="space-between" className="gs-recharge-balance">
          <Typography.Text type="secondary">
            当前余额
            {user.isVip && user.vipValidBefore ? `（有效期至 ${formatDate(user.vipValidBefore)}）` : ''}
          </Typography.Text>
          <PriceText cents={user.walletBalance} />
        </Flex>
      )}
      <Typography.Text strong>选择充值金额</Typography.Text>
      <Radio.Group
        className="gs-recharge-amounts"
        value={amount}
        onChange={(e) => setAmount(e.target.value as number)}
        aria-label="充值金额"
        disabled={!isMain}
      >
        {AMOUNTS.map((cents) => (
          <Radio.Button key={cents} value={cents} className="gs-recharge-amount">
            <PriceText cents={cents} tone="inherit" />
            <span className="gs-recharge-amount__unit"> / 月（含税）</span>
          </Radio.Button>
        ))}
      </Radio.Group>
      {!isMain && (
        <Alert type="info" showIcon style={{ marginTop: 16 }} title="子账号不能充值，如需开通或续费请联系主账号。" />
      )}
    </Modal>
  );
}
