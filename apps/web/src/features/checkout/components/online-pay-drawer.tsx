import { PAY_DRAWER_WIDTH, PaymentPollStatus, type TOrder } from '@gemstock/contract';
import { AlipayCircleOutlined, LoadingOutlined, ReloadOutlined, WechatOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Flex, Result, Skeleton, Tabs, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { PayDeadline } from '@/components/pay-deadline';
import { PriceText } from '@/components/price-text';
import { QrPanel } from '@/components/qr-panel';
import { notify } from '@/lib/notify';
import { useCheckout } from '@/stores/checkout';
import { usePayStatus } from '../api/get-pay-status';
import { type OnlineGateway, paymentLinkKey, usePaymentLink } from '../api/start-online-payment';
import { useCompletePayment } from '../hooks/use-complete-payment';
import { payChannelOfDevice } from '../lib/pay-channel';
import { PhonePayPanel } from './phone-pay-panel';

interface OnlinePayDrawerProps {
  open: boolean;
  order: TOrder;
  code: string | null;
  referer: string | null;
  /** The tab it opens on: the gateway the buyer already chose (the custom form), else WeChat. */
  tab?: OnlineGateway;
}

function LinkError({ onRetry }: { onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title="暂时无法发起支付"
      subTitle="请稍后重试，或关闭后选择其他支付方式"
      extra={
        <Button icon={<ReloadOutlined />} onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}

/**
 * The online pay drawer (spec §2, §4; width 640): a WeChat QR tab and an Alipay tab whose
 * 去支付 opens a new page. On a phone both tabs open the gateway's mobile page in this tab
 * instead (PhonePayPanel, decision 0026). While it is open the status is polled every 4 s
 * until paid.
 */
export function OnlinePayDrawer({ open, order, code, referer, tab: firstTab = 'wechat' }: OnlinePayDrawerProps) {
  const [tab, setTab] = useState<OnlineGateway>(firstTab);
  const [hasOpenedAlipay, setOpenedAlipay] = useState(false);
  const close = useCheckout((s) => s.close);
  const completePayment = useCompletePayment();
  const queryClient = useQueryClient();
  const isDone = useRef(false);
  // the device is what it is for the drawer's life: a link of one channel never shows on the other
  const [channel] = useState(payChannelOfDevice);
  const onPhone = channel === 'h5';

  const wechat = usePaymentLink({ orderSid: order.sid, gateway: 'wechat', code, referer, channel }, open);
  const alipay = usePaymentLink(
    { orderSid: order.sid, gateway: 'alipay', code, referer, channel },
    open && (tab === 'alipay' || hasOpenedAlipay),
  );
  const status = usePayStatus(order.sid, open);
  const pollStatus = status.data?.status;

  useEffect(() => {
    if (pollStatus !== PaymentPollStatus.SUCCESS || isDone.current) return;
    isDone.current = true;
    void completePayment(order, status.data?.coupon ?? null);
  }, [pollStatus, status.data?.coupon, order, completePayment]);

  const current = tab === 'wechat' ? wechat : alipay;
  const amount = wechat.data?.amount ?? alipay.data?.amount ?? null;
  // The server's deadline: a new payment link moves it (30 minutes after the newest attempt).
  const expiresAt = current.data?.expiresAt ?? order.expiresAt ?? null;

  const renewLink = (gateway: OnlineGateway) =>
    void queryClient.resetQueries({ queryKey: paymentLinkKey(order.sid, gateway) });

  const onCancel = () => {
    close();
    notify.info('已取消支付，订单已保留，可在“我的订单”中继续支付');
  };

  return (
    <Drawer
      open={open}
      onClose={onCancel}
      title="在线支付"
      size={PAY_DRAWER_WIDTH}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary" role="status" aria-live="polite">
            {pollStatus === PaymentPollStatus.SUCCESS ? (
              '支付成功'
            ) : (
              <>
                <LoadingOutlined style={{ marginRight: 6 }} />
                正在等待支付结果，支付完成后将自动跳转
              </>
            )}
          </Typography.Text>
          <Button onClick={onCancel}>取消支付</Button>
        </Flex>
      }
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'name', label: '订单', children: order.name },
          { key: 'no', label: '订单号', children: order.orderNo },
          {
            key: 'amount',
            label: '应付金额',
            children:
              amount !== null ? <PriceText cents={amount} size="large" /> : <Skeleton.Input size="small" active />,
          },
        ]}
      />
      {pollStatus !== PaymentPollStatus.SUCCESS && <PayDeadline expiresAt={expiresAt} countdown />}
      {pollStatus === PaymentPollStatus.FAIL && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="上一次支付未成功"
          description={
            onPhone
              ? '可再次点击下方按钮支付，也可关闭后更换支付方式。'
              : '可重新扫码或点击“去支付”再次支付，也可关闭后更换支付方式。'
          }
          action={
            <Button size="small" onClick={() => renewLink(tab)}>
              刷新支付链接
            </Button>
          }
        />
      )}
      {status.isError && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="查询支付结果失败，正在自动重试…" />
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as OnlineGateway);
          if (key === 'alipay') setOpenedAlipay(true);
        }}
        items={[
          {
            key: 'wechat',
            label: (
              <span>
                <WechatOutlined style={{ color: '#07c160' }} /> 微信支付
              </span>
            ),
            children: wechat.isError ? (
              <LinkError onRetry={() => renewLink('wechat')} />
            ) : onPhone ? (
              <PhonePayPanel gateway="wechat" link={wechat.data?.link} loading={wechat.isPending} />
            ) : (
              <Flex vertical align="center" gap={12} style={{ padding: '16px 0' }}>
                <QrPanel
                  value={wechat.data?.link ?? null}
                  loading={wechat.isPending}
                  size={220}
                  caption="请使用微信扫一扫完成支付"
                />
              </Flex>
            ),
          },
          {
            key: 'alipay',
            label: (
              <span>
                <AlipayCircleOutlined style={{ color: '#1677ff' }} /> 支付宝
              </span>
            ),
            children: alipay.isError ? (
              <LinkError onRetry={() => renewLink('alipay')} />
            ) : onPhone ? (
              <PhonePayPanel gateway="alipay" link={alipay.data?.link} loading={alipay.isPending} />
            ) : (
              <Flex vertical align="center" gap={16} style={{ padding: '32px 0' }}>
                <AlipayCircleOutlined style={{ fontSize: 56, color: '#1677ff' }} />
                <Typography.Text>点击下方按钮，在新页面中完成支付宝支付</Typography.Text>
                <Button
                  type="primary"
                  size="large"
                  href={alipay.data?.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  loading={alipay.isPending}
                  disabled={!alipay.data}
                >
                  去支付
                </Button>
                <Typography.Text type="secondary">支付完成后请回到本页面，页面将自动更新</Typography.Text>
              </Flex>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
