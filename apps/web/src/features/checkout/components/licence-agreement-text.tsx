import { Typography } from 'antd';
import { ContentHtml } from '@/components/content-html';

const { Paragraph, Text } = Typography;

/**
 * The licence agreement signed before paying for materials (spec §2 contract dialog, §9 licence
 * terms): the licensee, then the published text the operators edit (内容管理, decision 0042).
 */
export function LicenceAgreementText({ licensee }: { licensee: string | null }) {
  return (
    <div className="gs-agreement-text" tabIndex={0} aria-label="授权许可使用协议全文">
      <Paragraph>
        <Text strong>《授权许可使用协议》</Text>
      </Paragraph>
      <Paragraph>
        被许可方：<Text strong>{licensee || '（您的企业）'}</Text>
      </Paragraph>
      <ContentHtml documentKey="licence_agreement" />
    </div>
  );
}
