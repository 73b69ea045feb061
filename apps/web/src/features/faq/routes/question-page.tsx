import {
  DEFAULT_CUSTOMIZATION_PRICE_CENTS,
  INVOICE_ISSUE_WORKING_DAYS,
  LICENCE_TABLE,
  type LicenceSpec,
  MINIMUM_AGE,
  PRIVACY_REPLY_WORKING_DAYS,
  TRANSFER_COMPLETE_WORKING_DAYS,
  TRANSFER_ORDER_WORKING_DAYS,
  UNPAID_ORDER_TTL_MINUTES,
  VIDEO_LICENCE_TABLE,
  VIP_MONTHLY_FEE_CENTS,
  formatYuan,
} from '@gemstock/contract';
import type { ReactNode } from 'react';
import { PageContainer } from '@/components/page-container';
import { Icon } from '@/components/ui/icon';
import { RightOutlined } from '@/components/ui/icon-paths';

interface Faq {
  q: string;
  a: ReactNode;
}

interface FaqGroup {
  title: string;
  items: Faq[];
}

function licenceList(table: readonly LicenceSpec[], withPrice: boolean) {
  return (
    <ul className="gs-faq-list">
      {table.map((l) => (
        <li key={l.type}>
          <strong>{l.name}</strong>
          {withPrice ? `（${formatYuan(l.priceCents)}）` : ''}：{l.use}；{l.requirement}
          {l.note ? `。${l.note}` : ''}
        </li>
      ))}
    </ul>
  );
}

const GROUPS: FaqGroup[] = [
  {
    title: '授权许可',
    items: [
      {
        q: '平台提供哪几种授权类型？',
        a: (
          <>
            每个素材可按用途选择授权类型，价格以素材详情页为准。图片素材：
            {licenceList(LICENCE_TABLE, true)}
            视频素材同样分为四类授权，用途为网络与户外播放（不含印刷），按视频分辨率区分：
            {licenceList(VIDEO_LICENCE_TABLE, false)}
          </>
        ),
      },
      {
        q: '购买授权后，我可以如何使用素材？',
        a: '授权为单张授权，非独占（定制素材为独占）、不可转让、永久有效，使用地域为中国境内（含香港、澳门和台湾地区）。请在所购授权类型对应的用途范围内使用，例如新媒体授权仅可用于网络，不能用于线下印刷或户外广告。',
      },
      {
        q: '有哪些禁止的用途？',
        a: '不得将素材用作商标或标识，不得用于训练人工智能模型，不得转售、转授权或将素材本身作为商品再次分发。',
      },
      {
        q: '收到第三方的权利主张怎么办？',
        a: '请在收到主张后 5 日内通知我们，我们会协助您处理。授权证书到期需要更新的，我们会在到期后 5 个工作日内为您更新。',
      },
    ],
  },
  {
    title: '支付与发票',
    items: [
      {
        q: '支持哪些支付方式？',
        a: '支持会员钱包余额、在线支付（微信、支付宝）和对公转账。选择支付方式后该订单不可再更改支付方式。会员钱包充值订单不能使用余额支付。',
      },
      {
        q: '下单后多久内需要完成支付？',
        a: `在线支付（微信、支付宝）和余额支付的订单，请在下单或最近一次发起支付后 ${UNPAID_ORDER_TTL_MINUTES} 分钟内完成支付；选择对公转账的订单，请在下单后第 ${TRANSFER_ORDER_WORKING_DAYS} 个工作日 24:00 前完成转账（工作日按国家法定节假日及调休安排计算）。订单抽屉、支付页和“我的订单”会显示具体截止时间，超时未支付的订单将自动取消，可重新下单。转账款在订单取消后才到账的，平台核实后仍会为您恢复并完成订单。`,
      },
      {
        q: '对公转账多久完成？',
        a: `选择对公转账后，页面会显示收款账户信息。款项到账后 ${TRANSFER_COMPLETE_WORKING_DAYS} 个工作日内完成订单，届时即可下载素材。转账时请在备注中填写订单号以便核对。`,
      },
      {
        q: '如何开具发票？',
        a: `订单完成后，在“我的订单”中对应订单申请发票，我们会在 ${INVOICE_ISSUE_WORKING_DAYS} 个工作日内开具。发票抬头与税号取自您的企业信息，请先在“企业信息”中如实填写。`,
      },
      {
        q: '购买后可以退款吗？',
        a: '素材授权属于数字商品，一经交付（可下载）即不支持退款。下单前请确认素材内容与授权类型；如有疑问可先联系客服。',
      },
      {
        q: '优惠券怎么使用？',
        a: '在下单时的优惠码一栏填写优惠码即可抵扣。满减券直接抵扣对应金额，折扣券按折扣计算，具体以优惠券的适用范围和有效期为准。',
      },
    ],
  },
  {
    title: 'VIP 会员',
    items: [
      {
        q: 'VIP 会员是什么？',
        a: `VIP 为月度预付会员，月费 ${formatYuan(VIP_MONTHLY_FEE_CENTS)}（含税），充值金额进入会员钱包，用于购买素材授权，会员钱包支付可享会员折扣。`,
      },
      {
        q: 'VIP 有效期多久？余额会过期吗？',
        a: 'VIP 自充值成功起有效期 1 个月。有效期届满后，钱包中未使用的余额失效，不予退还，请在有效期内合理使用。',
      },
      {
        q: '谁可以充值？子账号可以使用余额吗？',
        a: '充值需由主账号操作，且账号需已填写企业信息。子账号下单时可申请使用主账号的余额，经主账号审批后完成支付。',
      },
    ],
  },
  {
    title: '定制服务',
    items: [
      {
        q: '定制服务有哪几种？',
        a: `高级定制（${formatYuan(DEFAULT_CUSTOMIZATION_PRICE_CENTS)}/张）：在选定素材上替换为您的产品、Logo 和文案；超级定制：设计师一对一沟通，按需报价；AI 视频定制：基于您的产品图生成珠宝短视频，咨询客服报价。`,
      },
      {
        q: '定制需要多长时间？',
        a: '高级定制一般 2–3 个工作日交付；超级定制一般 3–5 个工作日，复杂需求最长 7 个工作日；付费定制订单一般在 3–5 个工作日内完成。',
      },
      {
        q: '定制的流程是怎样的？',
        a: '付款并提交需求后，设计师在 3 个工作日内提交首稿；请您在当天反馈修改意见；定制包含两轮修改，确认后交付成品。定制成品为独占授权。',
      },
    ],
  },
  {
    title: '账号',
    items: [
      {
        q: '注册有什么要求？',
        a: `本平台面向企业用户，注册者须年满 ${MINIMUM_AGE} 周岁。可使用邮箱或手机号注册，购买授权与开票前需要填写企业全称、统一社会信用代码（或纳税人识别号）和企业地址。`,
      },
      {
        q: '什么是子账号？',
        a: '主账号可为同事创建子账号，子账号使用用户名和密码登录，自动继承主账号的企业信息。主账号可以编辑、停用子账号、重置其密码与邮箱，并对子账号的行为承担连带责任。',
      },
      {
        q: '忘记密码怎么办？',
        a: '在登录窗口点击“忘记密码”，通过已绑定的邮箱或手机号获取验证码即可重置。子账号忘记密码请联系主账号重置。',
      },
      {
        q: '如何查询、更正或删除我的个人信息？',
        a: `可在“账号设置”和“企业信息”中查看和修改，也可联系客服申请复制、删除个人信息或注销账号，我们将在 ${PRIVACY_REPLY_WORKING_DAYS} 个工作日内答复。`,
      },
    ],
  },
];

/** /question — FAQ built from the business rules of spec §4 and §9. Plain elements: no antd. */
export default function QuestionPage() {
  return (
    <PageContainer title="常见问题" subTitle="关于授权、支付、发票、VIP 与定制服务的常见疑问" width="narrow">
      {GROUPS.map((group) => (
        <section key={group.title} style={{ marginBottom: 24 }}>
          <h2 className="gs-faq-group">{group.title}</h2>
          {/* native disclosure: opens with a click, Enter or Space, and the answer is in the page for search */}
          <div className="gs-faq">
            {group.items.map((item) => (
              <details key={item.q} className="gs-faq-item">
                <summary className="gs-faq-question">
                  <Icon icon={RightOutlined} className="gs-faq-arrow" />
                  {item.q}
                </summary>
                <div className="gs-faq-answer">{item.a}</div>
              </details>
            ))}
          </div>
        </section>
      ))}
      <p className="gs-text-secondary">没有找到答案？登录后点击页面右下角的客服图标，扫码联系我们。</p>
    </PageContainer>
  );
}
