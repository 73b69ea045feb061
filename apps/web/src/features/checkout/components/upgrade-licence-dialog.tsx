import { ReloadOutlined } from '@ant-design/icons';
import { LicenceType, MESSAGES, MaterialFormat, licenceSpec, upgradeOptions, upgradeProblem } from '@gemstock/contract';
import { Alert, Button, Checkbox, Flex, Modal, Radio, Skeleton, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { contentKey, shownVersion } from '@/api/get-content';
import { PriceText } from '@/components/price-text';
import { useTrafficSource } from '@/hooks/use-traffic-source';
import { licenceUnavailableReason, materialLabel } from '@/lib/material-licence';
import { notify } from '@/lib/notify';
import { type UpgradeSubject, useCheckout } from '@/stores/checkout';
import { useSession } from '@/stores/session';
import { usePlaceUpgradeOrder, useUpgradePreviews } from '../api/place-upgrade-order';
import { LicenceAgreementText } from './licence-agreement-text';

interface UpgradeLicenceDialogProps {
  open: boolean;
  material: UpgradeSubject;
}

const LADDER = [LicenceType.EXTENDED, LicenceType.STANDARD] as const;

/**
 * 升级授权 (docs/decisions/0016): the wider licences the material's resolution allows, each with
 * the difference to pay as the server prices it; ticking the licence agreement and confirming
 * places the upgrade order and opens the ordinary order drawer (coupon, VIP price, pay ways).
 */
export function UpgradeLicenceDialog({ open, material }: UpgradeLicenceDialogProps) {
  const format = material.format === MaterialFormat.VIDEO ? MaterialFormat.VIDEO : MaterialFormat.IMAGE;
  const options = upgradeOptions(material, material.spec);
  const blocked = LADDER.filter((to) => upgradeProblem(material, material.spec, to) === 'not_offered');
  const [spec, setSpec] = useState<LicenceType | null>(options.at(-1)?.spec ?? null);
  const [agreed, setAgreed] = useState(false);
  const queryClient = useQueryClient();
  const source = useTrafficSource();
  const close = useCheckout((s) => s.close);
  const openOrder = useCheckout((s) => s.openOrder);
  const licensee = useSession((s) => s.user?.company || s.userParent?.company || null);
  const place = usePlaceUpgradeOrder();
  const previews = useUpgradePreviews(
    material.sid,
    options.map((o) => o.spec),
    open,
  );
  const failed = previews.find((p) => p.isError);
  const current = licenceSpec(material.spec, format);

  const onConfirm = () => {
    if (spec === null) {
      notify.warning('请选择要升级到的授权');
      return;
    }
    if (!agreed) {
      notify.warning(MESSAGES.contract);
      return;
    }
    place.mutate(
      { material: material.sid, spec, source, agreement_version: shownVersion(queryClient, 'licence_agreement') },
      {
        onSuccess: ({ order }) => openOrder(order),
        onError: () => void queryClient.invalidateQueries({ queryKey: contentKey('licence_agreement') }),
      },
    );
  };

  return (
    <Modal
      open={open}
      title="升级授权"
      onCancel={close}
      width={600}
      centered
      destroyOnHidden
      mask={{ closable: false }}
      styles={{ body: { paddingTop: 8 } }}
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={place.isPending}
          disabled={options.length === 0 || Boolean(failed)}
          onClick={onConfirm}
        >
          同意并支付差价
        </Button>,
      ]}
    >
      <Flex vertical gap={12}>
        <Typography.Text>
          {materialLabel(material)}（编号 {material.sid}）
          <br />
          <Typography.Text type="secondary">
            当前授权：{current.name}（{current.use}）
          </Typography.Text>
        </Typography.Text>

        {options.length === 0 ? (
          <Alert type="info" showIcon title="该素材的当前授权已是可升级的最高级别" />
        ) : (
          <Radio.Group
            aria-label="升级到"
            value={spec}
            onChange={(e) => setSpec(e.target.value as LicenceType)}
            style={{ width: '100%' }}
          >
            <Flex vertical gap={8}>
              {options.map((option, i) => {
                const to = licenceSpec(option.spec, format);
                const preview = previews[i];
                return (
                  <Radio key={option.spec} value={option.spec}>
                    <Flex wrap gap={8} align="baseline">
                      <span>
                        {to.name}（{to.use}）
                      </span>
                      <span>
                        补差价{' '}
                        {preview?.data ? (
                          <PriceText cents={preview.data.price_origin} />
                        ) : preview?.isError ? (
                          '—'
                        ) : (
                          <Skeleton.Button active size="small" style={{ width: 72, height: 16 }} />
                        )}
                      </span>
                    </Flex>
                  </Radio>
                );
              })}
              {blocked.map((to) => (
                <Radio key={to} value={to} disabled>
                  {licenceSpec(to, format).name}：{licenceUnavailableReason(material, licenceSpec(to, format))}
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        )}

        {failed && (
          <Alert
            type="warning"
            showIcon
            title="差价加载失败"
            description={failed.error instanceof Error ? failed.error.message : '网络或服务暂时不可用，请稍后重试'}
            action={
              <Button
                size="small"
                icon={<ReloadOutlined />}
                onClick={() => previews.forEach((p) => p.isError && void p.refetch())}
              >
                重试
              </Button>
            }
          />
        )}

        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          差价按两种授权的当前价格计算，不低于 ¥0；优惠码与 VIP
          余额支付折扣在下一步按差价计算。支付完成后将签发新的授权证书，原证书标记为已被取代。
        </Typography.Text>
        <div className="gs-agreement-box">
          <LicenceAgreementText licensee={licensee} />
        </div>
        <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)}>
          我已阅读并同意《授权许可使用协议》
        </Checkbox>
      </Flex>
    </Modal>
  );
}
