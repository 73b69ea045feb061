import { LICENCE_TABLE, type LicenceSpec, PREMIUM_CUSTOM_NOTE, VIDEO_LICENCE_TABLE } from '@gemstock/contract';
import { Typography } from 'antd';

const { Paragraph, Text } = Typography;

function usesOf(table: readonly LicenceSpec[]): string {
  return table.map((l) => `${l.name}：${l.use}`).join('；');
}

/** The licence agreement signed before paying for materials (spec §2 contract dialog, §9 licence terms). */
export function LicenceAgreementText({ licensee }: { licensee: string | null }) {
  return (
    <div className="gs-agreement-text" tabIndex={0} aria-label="授权许可使用协议全文">
      <Paragraph>
        <Text strong>《授权许可使用协议》</Text>
      </Paragraph>
      <Paragraph>
        被许可方：<Text strong>{licensee || '（您的企业）'}</Text>
        。被许可方支付授权费用后，即以企业名义取得所购素材的使用许可，许可内容以订单及授权证书所载为准。
      </Paragraph>
      <Paragraph>
        1.
        许可性质：非独家（定制素材为独家）、不可转让、永久有效；许可地域为中华人民共和国境内，含香港、澳门及台湾地区。每一授权对应单张素材。
      </Paragraph>
      <Paragraph>
        2. 许可用途按所选授权类型及素材类型确定。图片素材——{usesOf(LICENCE_TABLE)}。视频素材——
        {usesOf(VIDEO_LICENCE_TABLE)}。高级定制授权：{PREMIUM_CUSTOM_NOTE}。超出所选授权范围使用须另行购买。
      </Paragraph>
      <Paragraph>
        3.
        禁止：将素材用作商标或商标的组成部分；将素材用于人工智能模型训练；转售、转授权、分发或以素材本身为主要价值进行出售。
      </Paragraph>
      <Paragraph>4. 如收到第三方就素材提出的权利主张，被许可方应在 5 日内书面通知平台，平台将协助处理。</Paragraph>
      <Paragraph>
        5. 被许可方未按约定支付费用的，经平台催告后 45 日内仍未支付，平台有权终止本许可。授权证书到期需更新的，平台在 5
        个工作日内办理。
      </Paragraph>
      <Paragraph>6. 素材为数字商品，一经支付即视为交付，不支持退款。</Paragraph>
      <Paragraph style={{ marginBottom: 0 }}>
        7. 本协议适用中华人民共和国法律；因本协议产生的争议，由平台经营者所在地人民法院管辖。
      </Paragraph>
    </div>
  );
}
