import { VIP_MONTHLY_FEE_CENTS } from '@gemstock/contract';
import { CheckCircleFilled, CrownOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Descriptions, Row, Tag, Typography } from 'antd';
import { NotYetAvailable } from '@/components/not-yet-available';
import { PageContainer } from '@/components/page-container';
import { PriceText } from '@/components/price-text';
import { formatDate } from '@/lib/form';
import { useDialogs } from '@/stores/dialogs';
import { isLoggedInUser, useCurrentUser } from '@/stores/session';

const BENEFITS = [
  '月度预付，充值金额全部进入会员钱包',
  '会员钱包支付享受会员折扣',
  '子账号经主账号审批后可使用会员余额',
  '支持企业开票',
];

/** /wallet — VIP wallet page (no login needed). Recharge and wallet orders arrive later. */
export default function WalletPage() {
  const user = useCurrentUser();
  const openAuth = useDialogs((s) => s.openAuth);
  const loggedIn = isLoggedInUser(user);

  return (
    <PageContainer title="VIP 会员" subTitle="企业月度会员，预付余额购买素材授权">
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={10}>
          <div className="gs-vip-card">
            <Typography.Text className="gs-vip-card__label">
              <CrownOutlined /> VIP 月度会员
            </Typography.Text>
            <div className="gs-vip-card__price">
              <PriceText cents={VIP_MONTHLY_FEE_CENTS} size="large" tone="inherit" />
              <span> / 月（含税）</span>
            </div>
            <ul className="gs-vip-card__benefits">
              {BENEFITS.map((b) => (
                <li key={b}>
                  <CheckCircleFilled /> {b}
                </li>
              ))}
            </ul>
            <Typography.Text className="gs-vip-card__note">
              有效期 1 个月，到期后余额失效且不予退还；仅主账号可充值，充值前需填写企业信息。
            </Typography.Text>
          </div>
        </Col>
        <Col xs={24} lg={14}>
          {loggedIn ? (
            <div className="gs-card" style={{ padding: 24, marginBottom: 16 }}>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                我的会员状态
              </Typography.Title>
              <Descriptions
                column={1}
                items={[
                  {
                    key: 'status',
                    label: '会员状态',
                    children: user.isVip ? <Tag color="gold">VIP 生效中</Tag> : <Tag>未开通</Tag>,
                  },
                  { key: 'balance', label: '钱包余额', children: <PriceText cents={user.walletBalance} /> },
                  { key: 'valid', label: '有效期至', children: formatDate(user.vipValidBefore) },
                ]}
              />
              {user.level === 1 && (
                <Alert type="info" showIcon title="子账号不能充值，如需使用会员余额请联系主账号。" />
              )}
            </div>
          ) : (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title="登录后可查看您的会员状态与钱包余额"
              action={
                <Button size="small" type="primary" onClick={() => openAuth('login')}>
                  登录
                </Button>
              }
            />
          )}
          <NotYetAvailable
            title="在线开通 VIP 暂未开放"
            description="充值、VIP 月度服务协议签署与充值记录将在钱包功能上线后提供。"
          />
        </Col>
      </Row>
    </PageContainer>
  );
}
