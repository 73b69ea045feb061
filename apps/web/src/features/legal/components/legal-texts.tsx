import {
  INVOICE_ISSUE_WORKING_DAYS,
  MINIMUM_AGE,
  PRIVACY_REPLY_WORKING_DAYS,
  TRANSFER_COMPLETE_WORKING_DAYS,
  VIP_MONTHLY_FEE_CENTS,
  formatYuan,
} from '@gemstock/contract';
import { Typography } from 'antd';
import type { ReactNode } from 'react';

const { Title, Paragraph } = Typography;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title level={5} style={{ marginTop: 20 }}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/** 用户协议 — the platform's terms of use (spec §1, §4, §9). */
export function UserAgreementText() {
  return (
    <Typography>
      <Paragraph type="secondary">
        欢迎使用宝图（以下简称“本平台”）。在注册、登录或使用本平台服务前，请您仔细阅读本协议。您勾选同意或实际使用本平台服务，即视为您已阅读、理解并接受本协议的全部内容。
      </Paragraph>
      <Section title="一、服务内容">
        <Paragraph>
          本平台是面向珠宝行业企业用户的视觉素材授权平台，提供珠宝图片与视频的授权许可、会员钱包、定制设计及发票等服务。本平台出售的是素材的使用许可，素材的著作权仍归权利人所有。
        </Paragraph>
      </Section>
      <Section title="二、账号注册与使用">
        <Paragraph>
          1. 您须年满 {MINIMUM_AGE}{' '}
          周岁，并以企业名义使用本平台，提供真实、准确的企业全称、统一社会信用代码（或纳税人识别号）和企业地址。
          <br />
          2. 账号仅限本企业使用。您应妥善保管账号与密码，因保管不善造成的损失由您自行承担。
          <br />
          3.
          主账号可以创建子账号。子账号继承主账号的企业信息，经主账号审批后可使用主账号余额支付；主账号对其子账号的行为承担连带责任。
        </Paragraph>
      </Section>
      <Section title="三、素材授权">
        <Paragraph>
          1.
          授权为非独占（定制图片为独占）、不可转让、永久有效的单张授权，授权地域为中国境内（含香港、澳门和台湾地区）。
          <br />
          2.
          授权用途以您购买的授权类型为准：扩展授权可用于网络、线下印刷与户外广告；标准授权可用于网络及印刷；新媒体授权仅限网络使用；高级定制授权含产品、Logo
          及文案替换。
          <br />
          3. 禁止将素材用作商标或标识，禁止将素材用于训练人工智能模型，禁止转售、转授权或以素材本身作为商品再次分发。
        </Paragraph>
      </Section>
      <Section title="四、费用与支付">
        <Paragraph>
          1. 您可以使用会员钱包、在线支付（微信、支付宝）或对公转账付款。对公转账订单在款项到账后{' '}
          {TRANSFER_COMPLETE_WORKING_DAYS} 个工作日内完成。
          <br />
          2. VIP 月度会员费为 {formatYuan(VIP_MONTHLY_FEE_CENTS)}（含税），有效期 1
          个月；有效期届满后钱包余额失效，不予退还。
          <br />
          3. 数字商品一经交付（含可下载状态），不支持退款。
        </Paragraph>
      </Section>
      <Section title="五、定制服务">
        <Paragraph>
          定制订单付款后，设计师在 3
          个工作日内提交首稿；您应在当天反馈修改意见，定制服务包含两轮修改，修改完成后交付成品。超级定制按需求一对一报价并另行约定周期。
        </Paragraph>
      </Section>
      <Section title="六、发票">
        <Paragraph>
          订单完成后可在“我的订单”中申请发票，本平台在收到申请后 {INVOICE_ISSUE_WORKING_DAYS} 个工作日内开具。
        </Paragraph>
      </Section>
      <Section title="七、知识产权与侵权处理">
        <Paragraph>
          如您的素材使用收到第三方权利主张，请在 5
          日内通知本平台，本平台将协助处理。授权证书到期需要更新的，本平台在到期后 5 个工作日内为您更新。
        </Paragraph>
      </Section>
      <Section title="八、违约与终止">
        <Paragraph>
          您违反本协议使用素材的，本平台有权终止相应授权。存在未结清款项的，本平台催告后 45
          日内仍未结清的，相应授权自动终止。
        </Paragraph>
      </Section>
      <Section title="九、法律适用与争议解决">
        <Paragraph>
          本协议适用中华人民共和国法律。因本协议产生的争议，双方应友好协商；协商不成的，提交本平台运营方所在地有管辖权的人民法院诉讼解决。
        </Paragraph>
      </Section>
    </Typography>
  );
}

/** 个人信息保护指引 — what personal information is collected and how it is handled. */
export function PrivacyGuideText() {
  return (
    <Typography>
      <Paragraph type="secondary">
        我们重视您的个人信息保护。本指引说明我们在您使用宝图时如何收集、使用、存储和保护您的个人信息，以及您享有的权利。
      </Paragraph>
      <Section title="一、我们收集的信息">
        <Paragraph>
          1. 注册与登录：邮箱或手机号、密码（仅保存不可逆的加密摘要）、推荐人（选填）。
          <br />
          2. 企业信息：企业全称、统一社会信用代码或纳税人识别号、企业地址，用于签署授权许可与开具发票。
          <br />
          3. 交易信息：订单、支付方式、发票与定制需求（含您上传的产品图与 Logo）。
          <br />
          4. 使用信息：访问的页面、设备与浏览器信息、IP 地址及操作日志，用于保障账号安全与改进服务。
        </Paragraph>
      </Section>
      <Section title="二、我们如何使用信息">
        <Paragraph>
          用于提供素材授权、订单支付、发票开具、定制设计与客户服务；向您发送验证码及与订单相关的通知；防范欺诈、保障账号与交易安全；在法律法规要求时配合监管。
        </Paragraph>
      </Section>
      <Section title="三、信息的存储与保护">
        <Paragraph>
          您的个人信息存储于中华人民共和国境内，保存期限为实现上述目的所必需的最短时间。我们采用访问控制、加密传输与存储等措施保护您的信息。
        </Paragraph>
      </Section>
      <Section title="四、信息的共享">
        <Paragraph>
          我们不会出售您的个人信息。仅在完成服务所必需时，向支付机构、短信与邮件服务商提供必要信息；或依据法律法规、司法机关的要求提供。
        </Paragraph>
      </Section>
      <Section title="五、您的权利">
        <Paragraph>
          您可以在“账号设置”中查阅、更正您的邮箱、手机号与企业信息，也可以联系客服申请复制、删除个人信息或注销账号。我们将在{' '}
          {PRIVACY_REPLY_WORKING_DAYS} 个工作日内答复您的请求。
        </Paragraph>
      </Section>
      <Section title="六、未成年人保护">
        <Paragraph>本平台仅面向年满 {MINIMUM_AGE} 周岁的企业用户提供服务，不主动收集未成年人的个人信息。</Paragraph>
      </Section>
      <Section title="七、联系我们">
        <Paragraph>如对本指引有任何疑问，登录后可通过页面右下角的客服入口扫码联系我们。</Paragraph>
      </Section>
    </Typography>
  );
}
