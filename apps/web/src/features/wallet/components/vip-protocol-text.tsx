import { Typography } from 'antd';
import { ContentHtml } from '@/components/content-html';

const { Paragraph, Text } = Typography;

/** The VIP monthly service agreement (spec §2 wallet protocol dialog, §9), as published in 内容管理. */
export function VipProtocolText() {
  return (
    <div className="gs-agreement-text" tabIndex={0} aria-label="VIP月度服务协议全文">
      <Paragraph>
        <Text strong>《VIP月度服务协议》</Text>
      </Paragraph>
      <ContentHtml documentKey="vip_agreement" />
    </div>
  );
}
