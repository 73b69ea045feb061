import { MESSAGES, VIP_MONTHLY_FEE_CENTS, chinaDateOf } from '@gemstock/contract';
import { Button, Checkbox, Descriptions, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { contentKey, shownVersion } from '@/api/get-content';
import { PriceText } from '@/components/price-text';
import { useTrafficSource } from '@/hooks/use-traffic-source';
import { notify } from '@/lib/notify';
import { checkout } from '@/stores/checkout';
import { useDialogs } from '@/stores/dialogs';
import { useSession } from '@/stores/session';
import { usePlaceWalletOrder } from '../api/place-wallet-order';
import { VipProtocolText } from './vip-protocol-text';

/**
 * The wallet protocol dialog (spec §2, §4): the VIP monthly service agreement with the account's
 * company, address, credit code and today's date. The tick is required; 立即支付 creates the
 * recharge order and opens its order drawer (online or transfer; never wallet, no coupon).
 */
export function VipProtocolDialog({ open }: { open: boolean }) {
  const [agreed, setAgreed] = useState(false);
  const close = useDialogs((s) => s.closeRecharge);
  const back = useDialogs((s) => s.openRecharge);
  const user = useSession((s) => s.user);
  const parent = useSession((s) => s.userParent);
  // a sub-account signs with its main account's company (spec §4)
  const company = {
    name: user?.company || parent?.company || '—',
    address: user?.address || parent?.address || '—',
    license: user?.license || parent?.license || '—',
  };
  const place = usePlaceWalletOrder();
  const queryClient = useQueryClient();
  const source = useTrafficSource();
  const [today, setToday] = useState(() => chinaDateOf(new Date()));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // each opening starts unticked and is dated the day it is signed
    setWasOpen(open);
    if (open) {
      setAgreed(false);
      setToday(chinaDateOf(new Date()));
    }
  }

  const onPay = () => {
    if (!agreed) {
      notify.warning(MESSAGES.vipAgreement);
      return;
    }
    place.mutate(
      { price: VIP_MONTHLY_FEE_CENTS, source, agreement_version: shownVersion(queryClient, 'vip_agreement') },
      {
        onSuccess: ({ order }) => {
          close();
          checkout.openOrder(order);
        },
        // the text may have changed meanwhile (4325): show the current one
        onError: () => void queryClient.invalidateQueries({ queryKey: contentKey('vip_agreement') }),
      },
    );
  };

  return (
    <Modal
      open={open}
      onCancel={close}
      title="VIP月度服务协议"
      width={680}
      centered
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="back" onClick={() => back('choose')} disabled={place.isPending}>
          上一步
        </Button>,
        <Button key="pay" type="primary" loading={place.isPending} onClick={onPay}>
          立即支付
        </Button>,
      ]}
    >
      <Descriptions
        size="small"
        column={1}
        bordered
        style={{ marginBottom: 12 }}
        styles={{ label: { width: 160 } }}
        items={[
          { key: 'company', label: '甲方（企业全称）', children: company.name },
          { key: 'address', label: '企业地址', children: company.address },
          { key: 'license', label: '统一社会信用代码', children: company.license },
          { key: 'fee', label: '会员费', children: <PriceText cents={VIP_MONTHLY_FEE_CENTS} /> },
          { key: 'date', label: '签署日期', children: today },
        ]}
      />
      <div className="gs-agreement-box">
        <VipProtocolText />
      </div>
      <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} style={{ marginTop: 12 }}>
        我已阅读并同意《VIP月度服务协议》
      </Checkbox>
    </Modal>
  );
}
