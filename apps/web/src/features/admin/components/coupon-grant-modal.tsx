import {
  COUPON_GRANT_MAX_ACCOUNTS,
  COUPON_GRANT_MESSAGES,
  type TAdminCoupon,
  type TAdminCouponGrantResponse,
} from '@gemstock/contract';
import { Alert, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { couponValueText } from '@/lib/coupon-text';
import { newGrantKey, parseMobiles, useGrantCoupon } from '../api/grant-coupon';

interface CouponGrantModalProps {
  coupon: TAdminCoupon | null;
  onClose: () => void;
}

/**
 * 发放给用户: the operator pastes mobiles; each account gets its own copy of the coupon, shown
 * to it once at its next visit. One grant key per opening of the dialog, so sending again after
 * a failure issues nothing twice.
 */
export function CouponGrantModal({ coupon, onClose }: CouponGrantModalProps) {
  // Keyed by coupon: every opening starts with a fresh grant key, an empty form and no result.
  return coupon ? <CouponGrantDialog key={coupon.sid} coupon={coupon} onClose={onClose} /> : null;
}

function CouponGrantDialog({ coupon, onClose }: { coupon: TAdminCoupon; onClose: () => void }) {
  const [form] = Form.useForm<{ mobiles: string }>();
  const grant = useGrantCoupon();
  const [grantKey] = useState(newGrantKey);
  const [result, setResult] = useState<TAdminCouponGrantResponse | null>(null);

  const onFinish = ({ mobiles }: { mobiles: string }) => {
    grant.mutate({ sid: coupon.sid, grantKey, mobiles: parseMobiles(mobiles) }, { onSuccess: setResult });
  };

  return (
    <Modal
      open
      title={`发放优惠券 ${coupon.code}`}
      onCancel={onClose}
      destroyOnHidden
      footer={
        result ? (
          <Button type="primary" onClick={onClose}>
            完成
          </Button>
        ) : (
          <Flex justify="end" gap={8}>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" loading={grant.isPending} onClick={() => form.submit()}>
              发放
            </Button>
          </Flex>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        {couponValueText(coupon)}
        {coupon.name ? `（${coupon.name}）` : ''}：每个用户获得一张专属优惠码（限用一次，有效期与本券相同），
        用户下次打开网站时弹窗提示一次，并可在下单时的“选择我的优惠券”中找到。
      </Typography.Paragraph>
      {result ? (
        <GrantResult result={result} />
      ) : (
        <Form form={form} layout="vertical" name="coupon-grant" onFinish={onFinish}>
          <Form.Item
            label="用户手机号"
            name="mobiles"
            extra={`每行一个，也可用逗号或空格分隔；每次最多 ${COUPON_GRANT_MAX_ACCOUNTS} 个`}
            rules={[
              {
                validator: (_, value: string | undefined) => {
                  const count = parseMobiles(value ?? '').length;
                  if (count === 0) return Promise.reject(new Error(COUPON_GRANT_MESSAGES.accounts));
                  if (count > COUPON_GRANT_MAX_ACCOUNTS)
                    return Promise.reject(new Error(COUPON_GRANT_MESSAGES.tooMany));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <Input.TextArea rows={8} placeholder={'13800000000\n13900000000'} aria-label="用户手机号" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

function GrantResult({ result }: { result: TAdminCouponGrantResponse }) {
  const unknown = [...result.unknownMobiles, ...result.unknownSids];
  return (
    <Flex vertical gap={12} role="status" aria-label="发放结果">
      <Alert
        type={result.issued.length > 0 ? 'success' : 'info'}
        showIcon
        title={`已发放 ${result.issued.length} 张`}
        description={
          result.alreadyIssued.length > 0
            ? `${result.alreadyIssued.length} 个用户此前已领取本次发放，未重复发放`
            : undefined
        }
      />
      {result.issued.length > 0 && (
        <div>
          <Typography.Text strong>已发放</Typography.Text>
          <ul style={{ margin: '4px 0 0', paddingInlineStart: 20, maxHeight: 160, overflow: 'auto' }}>
            {result.issued.map((line) => (
              <li key={line.couponSid}>
                {line.account.mobile ?? line.account.email ?? line.account.username ?? line.account.sid}：
                <Typography.Text code>{line.code}</Typography.Text>
              </li>
            ))}
          </ul>
        </div>
      )}
      {unknown.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`${unknown.length} 个手机号未找到对应账号`}
          description={<Typography.Text copyable={{ text: unknown.join('\n') }}>{unknown.join('、')}</Typography.Text>}
        />
      )}
    </Flex>
  );
}
