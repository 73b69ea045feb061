import {
  AccountLevel,
  ApprovalStateMachine,
  OrderType,
  type PayMethod,
  PayWay,
  type TOrder,
  payMethodOf,
} from '@gemstock/contract';
import { materialTitle } from '@/lib/material-licence';
import { orderLineLicenceText } from '@/lib/order-labels';
import { InfoCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Avatar, Button, Divider, Drawer, Flex, List, Skeleton, Typography } from 'antd';
import { PayDeadline } from '@/components/pay-deadline';
import { useState } from 'react';
import { invalidateCommerce } from '@/api/commerce-keys';
import { PriceText } from '@/components/price-text';
import { useRefererParam } from '@/hooks/use-traffic-source';
import { notify } from '@/lib/notify';
import { type OrderPreset, useCheckout } from '@/stores/checkout';
import { useSession } from '@/stores/session';
import { isApprovalRequested, usePayByWallet } from '../api/pay-by-wallet';
import { isCouponError, paymentPreviewQuery, usePaymentPreview } from '../api/preview-payment';
import { useCompletePayment } from '../hooks/use-complete-payment';
import { walletApprovalNote } from '../lib/approval-labels';
import {
  defaultPayMethod,
  isCouponOffered,
  isWalletOffered,
  payMethodOptions,
  payWayOfMethod,
} from '../lib/pay-method';
import { CouponField } from './coupon-field';
import { PayMethodPicker } from './pay-method-picker';
import { PriceBreakdown } from './price-breakdown';

const PAY_BUTTON_TEXT: Record<PayMethod, string> = {
  wallet: '确认支付',
  online: '去支付',
  transfer: '获取转账信息',
};

function OrderSummary({ order }: { order: TOrder }) {
  if (order.orderType !== OrderType.MATERIAL || order.materials.length === 0) {
    return (
      <Flex justify="space-between" align="center" className="gs-order-summary__single">
        <Typography.Text strong>{order.name}</Typography.Text>
        <PriceText cents={order.priceOrigin} />
      </Flex>
    );
  }
  return (
    <List
      size="small"
      className="gs-order-lines"
      dataSource={order.materials}
      renderItem={(line) => (
        <List.Item extra={<PriceText cents={line.unitPrice} size="small" />}>
          <List.Item.Meta
            avatar={
              <Avatar shape="square" size={48} src={line.thumbUrl ?? undefined} alt="">
                图
              </Avatar>
            }
            title={
              <Typography.Text ellipsis style={{ maxWidth: 280 }}>
                {materialTitle(line)}
              </Typography.Text>
            }
            description={`${orderLineLicenceText(order, line.spec)} · 编号 ${line.sid}`}
          />
        </List.Item>
      )}
    />
  );
}

/**
 * The order drawer (spec §2, §4): payment method with the default rule and the "cannot change"
 * notice, coupon field, and the breakdown of the server's preview for the chosen method. A
 * `preset` (what the buyer chose before the order existed) is where it starts, while it can be used.
 */
export function OrderDrawer({ open, order, preset }: { open: boolean; order: TOrder; preset?: OrderPreset }) {
  const user = useSession((s) => s.user);
  const close = useCheckout((s) => s.close);
  const go = useCheckout((s) => s.go);
  const completePayment = useCompletePayment();
  const walletPay = usePayByWallet();
  const queryClient = useQueryClient();
  const referer = useRefererParam() ?? order.referer;

  const [chosen, setChosen] = useState<PayMethod | null>(null);
  const [code, setCode] = useState<string | null>(order.couponCode ?? preset?.code ?? null);

  const walletOffered = isWalletOffered(order.orderType);
  const couponOffered = isCouponOffered(order.orderType);
  const balance = user?.walletBalance ?? 0;
  const isVip = user?.isVip ?? false;

  // What the wallet would charge decides the default and whether the wallet can be chosen.
  const walletPreview = usePaymentPreview(
    { orderSid: order.sid, payWay: PayWay.WALLET, code, referer },
    open && walletOffered,
  );
  const walletPrice = walletOffered ? (walletPreview.data?.price ?? null) : null;
  const isDefaultKnown = !walletOffered || walletPreview.data !== undefined || walletPreview.isError;
  const options = payMethodOptions({ orderType: order.orderType, lockedPayWay: order.payWay, balance, walletPrice });
  // the way chosen before the order existed, unless the order or the balance rules it out
  const preferred = payMethodOf(preset?.payWay);
  const usablePreferred = options.some((o) => o.method === preferred && !o.disabled) ? preferred : null;
  const method =
    chosen ??
    (isDefaultKnown
      ? (usablePreferred ??
        defaultPayMethod({ orderType: order.orderType, lockedPayWay: order.payWay, balance, walletPrice }))
      : null);
  const payWay = method ? payWayOfMethod(method) : null;
  const preview = usePaymentPreview({ orderSid: order.sid, payWay, code, referer }, open && payWay !== null);

  const selected = options.find((o) => o.method === method);

  const isSubAccount = user?.level === AccountLevel.SUB;
  // A coupon covering the whole price: the wallet call completes the order without taking money.
  const isFreeCompletion = method === 'wallet' && preview.data?.price === 0 && !preview.isPlaceholderData;
  const isAwaitingApproval =
    method === 'wallet' && ApprovalStateMachine.may('decide', order.auditStatus) && !isFreeCompletion;
  const approvalNote = walletApprovalNote(order);
  const canPay = Boolean(method && selected && !selected.disabled && preview.data && !preview.isPlaceholderData);

  const applyCoupon = async (next: string): Promise<string | null> => {
    try {
      await queryClient.fetchQuery(
        paymentPreviewQuery({ orderSid: order.sid, payWay: payWay ?? PayWay.WECHAT, code: next, referer }),
      );
      setCode(next);
      return null;
    } catch (error) {
      // other failures were toasted by the error policy; the field keeps the typed code
      return isCouponError(error) ? error.message : null;
    }
  };

  const onPay = () => {
    if (!method || !canPay) return;
    if (method === 'online') {
      go({ kind: 'online', order, code, referer, tab: preset?.payWay === PayWay.ALIPAY ? 'alipay' : 'wechat' });
      return;
    }
    if (method === 'transfer') {
      go({ kind: 'transfer', order, code, referer });
      return;
    }
    walletPay.mutate(
      { orderSid: order.sid, code, referer },
      {
        onSuccess: ({ coupon, order: paid }) => void completePayment(paid, coupon),
        onError: (error) => {
          if (!isApprovalRequested(error)) return;
          close();
          void invalidateCommerce();
          notify.info('已提交主账号审批，审批通过后可在“我的素材”中继续支付');
        },
      },
    );
  };

  return (
    <Drawer
      open={open}
      onClose={close}
      title="确认订单"
      size={560}
      destroyOnHidden
      mask={{ closable: !walletPay.isPending }}
      footer={
        <Flex justify="space-between" align="center" gap={12}>
          <span>
            <Typography.Text type="secondary">实付 </Typography.Text>
            {preview.data ? (
              <PriceText cents={preview.data.price} size="large" />
            ) : (
              <Typography.Text>—</Typography.Text>
            )}
          </span>
          <Flex gap={8}>
            <Button onClick={close} disabled={walletPay.isPending}>
              取消
            </Button>
            <Button
              type="primary"
              size="large"
              disabled={!canPay || isAwaitingApproval}
              loading={walletPay.isPending}
              onClick={onPay}
            >
              {isAwaitingApproval
                ? '等待主账号审批'
                : isFreeCompletion
                  ? '确认领取'
                  : method
                    ? PAY_BUTTON_TEXT[method]
                    : '确认支付'}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <section aria-labelledby="order-drawer-items" className="gs-drawer-section">
        <Flex justify="space-between" align="baseline">
          <Typography.Title level={5} id="order-drawer-items" style={{ margin: 0 }}>
            订单信息
          </Typography.Title>
          <Typography.Text type="secondary" copyable={{ text: order.orderNo, tooltips: ['复制订单号', '复制成功'] }}>
            订单号 {order.orderNo}
          </Typography.Text>
        </Flex>
        <OrderSummary order={order} />
        <PayDeadline expiresAt={order.expiresAt} kind={order.payWay === 'TRANSFER' ? 'transfer' : 'online'} />
      </section>

      <Divider style={{ margin: '16px 0' }} />

      <section aria-labelledby="order-drawer-pay" className="gs-drawer-section">
        <Typography.Title level={5} id="order-drawer-pay">
          支付方式
        </Typography.Title>
        {method === null ? (
          <Skeleton active paragraph={{ rows: 3 }} title={false} />
        ) : (
          <PayMethodPicker options={options} value={method} onChange={setChosen} balance={balance} />
        )}
        <Alert
          type="warning"
          showIcon
          icon={<InfoCircleOutlined />}
          style={{ marginTop: 12 }}
          title={
            order.payWay ? '该订单已选择支付方式，支付方式选择后不可更改' : '支付方式选择后不可更改，请确认后再支付'
          }
        />
        {isSubAccount && method === 'wallet' && (
          <Alert type={approvalNote.type} showIcon style={{ marginTop: 8 }} title={approvalNote.text} />
        )}
      </section>

      {couponOffered && (
        <>
          <Divider style={{ margin: '16px 0' }} />
          <section aria-labelledby="order-drawer-coupon" className="gs-drawer-section">
            <Typography.Title level={5} id="order-drawer-coupon">
              优惠码
            </Typography.Title>
            <CouponField
              appliedCode={code}
              discountCents={preview.data && !preview.isPlaceholderData ? preview.data.discount_coupon : null}
              onApply={applyCoupon}
              onClear={() => setCode(null)}
              disabled={walletPay.isPending}
              orderType={order.orderType}
            />
          </section>
        </>
      )}

      <Divider style={{ margin: '16px 0' }} />

      <section aria-labelledby="order-drawer-price" className="gs-drawer-section">
        <Typography.Title level={5} id="order-drawer-price">
          价格明细
        </Typography.Title>
        {preview.isError && !preview.data ? (
          <Alert
            type="error"
            showIcon
            title="价格计算失败"
            action={
              <Button size="small" onClick={() => void preview.refetch()}>
                重试
              </Button>
            }
          />
        ) : (
          <PriceBreakdown
            preview={preview.data}
            isVip={isVip}
            payWay={payWay}
            couponOffered={couponOffered}
            hasCoupon={code !== null}
            orderType={order.orderType}
            isLoading={preview.isFetching}
          />
        )}
      </section>
    </Drawer>
  );
}
