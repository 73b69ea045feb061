import type { TServiceResponse } from '@gemstock/contract';
import { Flex, Skeleton, Tag, Typography } from 'antd';
import { QrPanel } from './qr-panel';

interface ServiceContactProps {
  contact: TServiceResponse | undefined;
  loading?: boolean;
  size?: number;
  /** Caption under a real QR, e.g. "微信扫码联系客服". */
  caption: string;
  emptyText?: string;
}

/**
 * How to reach customer service, as the server says: the operator's QR picture; in the local
 * demo a sample QR marked 演示 (it reaches nobody); otherwise the written phone / e-mail.
 */
export function ServiceContact({ contact, loading = false, size = 160, caption, emptyText }: ServiceContactProps) {
  if (loading || !contact) {
    return loading ? (
      <Skeleton.Node active style={{ width: size, height: size }} />
    ) : (
      <QrPanel imageUrl={null} size={size} emptyText={emptyText} />
    );
  }
  const written = (
    <>
      {contact.phone && <Typography.Text copyable>客服电话：{contact.phone}</Typography.Text>}
      {contact.email && <Typography.Text copyable>客服邮箱：{contact.email}</Typography.Text>}
    </>
  );
  if (contact.service) {
    return (
      <Flex vertical align="center" gap={4} className="gs-service-contact">
        {contact.demo && (
          <Tag color="orange" className="gs-service-contact__demo">
            演示
          </Tag>
        )}
        <QrPanel
          imageUrl={contact.service}
          size={size}
          caption={contact.demo ? '演示用示例二维码，非真实客服' : caption}
        />
        {written}
      </Flex>
    );
  }
  if (contact.phone || contact.email) {
    return (
      <Flex vertical gap={6} className="gs-service-contact" style={{ minWidth: size }}>
        <Typography.Text type="secondary">请通过以下方式联系客服：</Typography.Text>
        {written}
      </Flex>
    );
  }
  return <QrPanel imageUrl={null} size={size} emptyText={emptyText ?? '客服联系方式暂未设置'} />;
}
