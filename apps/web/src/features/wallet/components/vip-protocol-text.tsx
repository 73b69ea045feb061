import { VIP_DISCOUNT_LABEL, VIP_MONTHLY_FEE_CENTS, formatYuan } from '@gemstock/contract';
import { Typography } from 'antd';

const { Paragraph, Text } = Typography;

/** The VIP monthly service agreement (spec §2 wallet protocol dialog, §9). */
export function VipProtocolText() {
  return (
    <div className="gs-agreement-text" tabIndex={0} aria-label="VIP月度服务协议全文">
      <Paragraph>
        <Text strong>《VIP月度服务协议》</Text>
      </Paragraph>
      <Paragraph>
        1. 服务内容：甲方（会员企业）向乙方（平台）预付月度会员费 {formatYuan(VIP_MONTHLY_FEE_CENTS)}
        （含税），全额计入甲方会员钱包，用于在平台购买素材授权。
      </Paragraph>
      <Paragraph>
        2. 会员权益：会员有效期内，甲方使用钱包余额购买素材授权，按会员价（{VIP_DISCOUNT_LABEL}）结算；
        甲方的子账号经甲方主账号审批后可使用钱包余额。
      </Paragraph>
      <Paragraph>
        3. 有效期：自充值成功之时起 1 个月（以中国时间计）。有效期届满，钱包中未使用的余额自动失效，不予退还、不予折现。
      </Paragraph>
      <Paragraph>
        4. 使用余额购买的素材授权，适用《授权许可使用协议》；素材为数字商品，一经支付即视为交付，不支持退款。
      </Paragraph>
      <Paragraph>5. 甲方应保证所填企业信息真实、准确，发票将按该信息开具。</Paragraph>
      <Paragraph style={{ marginBottom: 0 }}>
        6. 本协议适用中华人民共和国法律；因本协议产生的争议，由乙方所在地人民法院管辖。
      </Paragraph>
    </div>
  );
}
