import { MESSAGES, MaterialFormat, licenceSpec } from '@gemstock/contract';
import { Button, Checkbox, List, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { contentKey, shownVersion } from '@/api/get-content';
import { notify } from '@/lib/notify';
import { useTrafficSource } from '@/hooks/use-traffic-source';
import { useCheckout } from '@/stores/checkout';
import type { CheckoutLine } from '@/stores/checkout-line';
import { useSession } from '@/stores/session';
import { usePlaceMaterialOrder } from '../api/place-material-order';
import { LicenceAgreementText } from './licence-agreement-text';

interface ContractDialogProps {
  open: boolean;
  lines: CheckoutLine[];
}

/**
 * Spec §2/§4: the licence agreement before paying. The tick is required; confirming creates
 * the order and closes the dialog, and the order drawer opens.
 */
export function ContractDialog({ open, lines }: ContractDialogProps) {
  const [agreed, setAgreed] = useState(false);
  const source = useTrafficSource();
  const place = usePlaceMaterialOrder();
  const close = useCheckout((s) => s.close);
  const openOrder = useCheckout((s) => s.openOrder);
  const licensee = useSession((s) => s.user?.company || s.userParent?.company || null);
  const queryClient = useQueryClient();

  const onConfirm = () => {
    if (!agreed) {
      notify.warning(MESSAGES.contract);
      return;
    }
    place.mutate(
      {
        materials: Object.fromEntries(lines.map((l) => [l.sid, l.spec])),
        source,
        // the version read here is the one agreed to (decision 0042)
        agreement_version: shownVersion(queryClient, 'licence_agreement'),
      },
      {
        onSuccess: ({ order }) => openOrder(order),
        // the text may have changed meanwhile (4325): show the current one
        onError: () => void queryClient.invalidateQueries({ queryKey: contentKey('licence_agreement') }),
      },
    );
  };

  return (
    <Modal
      open={open}
      title="授权许可使用协议"
      onCancel={close}
      width={680}
      centered
      destroyOnHidden
      mask={{ closable: false }}
      styles={{ body: { paddingTop: 8 } }}
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={place.isPending} onClick={onConfirm}>
          同意并下单
        </Button>,
      ]}
    >
      <Typography.Text type="secondary">本次授权素材（共 {lines.length} 个）</Typography.Text>
      <List
        size="small"
        className="gs-contract-lines"
        dataSource={lines}
        renderItem={(line) => (
          <List.Item>
            <Typography.Text ellipsis style={{ maxWidth: 380 }}>
              {line.title || `素材 ${line.sid}`}
            </Typography.Text>
            <Typography.Text type="secondary">
              {licenceSpec(line.spec, line.format).name}（{line.format === MaterialFormat.VIDEO ? '视频' : '图片'}：
              {licenceSpec(line.spec, line.format).use}）
            </Typography.Text>
          </List.Item>
        )}
      />
      <div className="gs-agreement-box">
        <LicenceAgreementText licensee={licensee} />
      </div>
      <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} style={{ marginTop: 12 }}>
        我已阅读并同意《授权许可使用协议》
      </Checkbox>
    </Modal>
  );
}
