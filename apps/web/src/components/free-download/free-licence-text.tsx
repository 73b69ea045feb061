import { Typography } from 'antd';

const { Paragraph, Text } = Typography;

/** The download-only licence agreement for free materials (spec §2, §9 licence terms). */
export function FreeLicenceText() {
  return (
    <div className="gs-agreement-text">
      <Paragraph>
        <Text strong>《授权许可使用协议》（免费素材下载版）</Text>
      </Paragraph>
      <Paragraph>
        1.
        本协议适用于您在免费期内下载的素材。下载即表示您以企业名义取得该素材的非独家、不可转让的使用许可，许可范围为中华人民共和国境内（含香港、澳门及台湾地区），许可期限为永久。
      </Paragraph>
      <Paragraph>
        2. 许可用途限于网络、线下印刷及户外广告中的宣传展示。每次下载仅对应单张素材的许可，不包含产品、Logo
        及文案替换等定制服务。
      </Paragraph>
      <Paragraph>
        3.
        禁止：将素材用作商标或商标的组成部分；将素材用于人工智能模型训练；转售、转授权、分发或以素材本身为主要价值进行出售；以任何方式宣称对素材享有著作权。
      </Paragraph>
      <Paragraph>
        4. 素材的著作权仍归权利人所有。如收到第三方就素材提出的权利主张，请在 5 日内书面通知我们，我们将协助处理。
      </Paragraph>
      <Paragraph>
        5.
        免费素材按现状提供。数字商品一经下载即视为交付，平台有权在免费期结束后停止提供下载，已下载素材的许可不受影响。
      </Paragraph>
      <Paragraph style={{ marginBottom: 0 }}>
        6. 本协议适用中华人民共和国法律；因本协议产生的争议，由平台经营者所在地人民法院管辖。
      </Paragraph>
    </div>
  );
}
