import { AlipayCircleOutlined, WechatOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { OnlineGateway } from '../api/start-online-payment';

const APP: Record<OnlineGateway, { name: string; icon: React.ReactNode }> = {
  wechat: { name: '微信', icon: <WechatOutlined aria-hidden style={{ fontSize: 56, color: '#07c160' }} /> },
  alipay: { name: '支付宝', icon: <AlipayCircleOutlined aria-hidden style={{ fontSize: 56, color: '#1677ff' }} /> },
};

/**
 * A tab of the online pay drawer on a phone (decision 0026): a QR code the phone shows cannot
 * be scanned by the same phone, so the button opens the gateway's mobile page (WeChat Pay H5,
 * Alipay wap pay) in this tab; the gateway sends the browser back to the order's return page,
 * which waits for the result as the drawer does.
 */
export function PhonePayPanel({
  gateway,
  link,
  loading,
}: {
  gateway: OnlineGateway;
  link: string | undefined;
  loading: boolean;
}) {
  const app = APP[gateway];
  return (
    <Flex vertical align="center" gap={16} style={{ padding: '24px 0' }}>
      {app.icon}
      <Typography.Text>点击下方按钮，跳转到{app.name}完成支付</Typography.Text>
      <Button type="primary" size="large" block href={link} loading={loading} disabled={!link}>
        去{app.name}支付
      </Button>
      <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
        支付完成后将自动返回本站确认结果；如未安装{app.name}，可切换其他支付方式
      </Typography.Text>
    </Flex>
  );
}
