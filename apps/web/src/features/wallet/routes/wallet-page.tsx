import { AccountLevel, VIP_MONTHLY_FEE_CENTS, type TWalletOrder } from '@gemstock/contract';
import { CheckCircleFilled, CrownOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Descriptions, Empty, Row, Skeleton, Tag, Typography } from 'antd';
import { LoadError } from '@/components/load-error';
import { PageContainer } from '@/components/page-container';
import { PriceText } from '@/components/price-text';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/form';
import { useDialogs } from '@/stores/dialogs';
import { isLoggedInUser, useCurrentUser } from '@/stores/session';
import { useWallet } from '../api/get-wallet';
import { VIP_POINTS } from '../components/vip-terms';
import { ScrollTable } from '@/components/scroll-table';

const COLUMNS = [
  { title: '充值时间', dataIndex: 'createdAt', key: 'createdAt', render: (v: string) => formatDateTime(v) },
  { title: '充值金额', dataIndex: 'total', key: 'total', render: (v: number) => <PriceText cents={v} size="small" /> },
  {
    title: '剩余余额',
    dataIndex: 'balance',
    key: 'balance',
    render: (v: number, row: TWalletOrder) => (
      <PriceText cents={v} size="small" tone={row.isValid ? 'price' : 'inherit'} />
    ),
  },
  { title: '有效期至', dataIndex: 'validBefore', key: 'validBefore', render: (v: string) => formatDateTime(v) },
  {
    title: '状态',
    dataIndex: 'isValid',
    key: 'isValid',
    render: (valid: boolean) => <RechargeStatus valid={valid} />,
  },
];

function RechargeStatus({ valid }: { valid: boolean }) {
  return valid ? <Tag color="gold">有效</Tag> : <Tag>已过期（余额已失效）</Tag>;
}

function RechargeHistory() {
  const wallet = useWallet(true);
  if (wallet.isError)
    return <LoadError title="充值记录加载失败" error={wallet.error} onRetry={() => void wallet.refetch()} />;
  return (
    <div className="gs-card" style={{ padding: 24 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        充值记录
      </Typography.Title>
      {/* phones: one card per recharge instead of a table to scroll sideways */}
      <div className="gs-show-phone">
        {wallet.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : !wallet.data.orders.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无充值记录" />
        ) : (
          <ul className="gs-line-cards" aria-label="充值记录列表">
            {wallet.data.orders.map((order) => (
              <li key={order.sid} className="gs-line-card gs-line-card--stacked">
                <dl className="gs-line-card__facts">
                  <dt>充值时间</dt>
                  <dd>{formatDateTime(order.createdAt)}</dd>
                  <dt>充值金额</dt>
                  <dd>
                    <PriceText cents={order.total} size="small" />
                  </dd>
                  <dt>剩余余额</dt>
                  <dd>
                    <PriceText cents={order.balance} size="small" tone={order.isValid ? 'price' : 'inherit'} />
                  </dd>
                  <dt>有效期至</dt>
                  <dd>{formatDateTime(order.validBefore)}</dd>
                  <dt>状态</dt>
                  <dd>
                    <RechargeStatus valid={order.isValid} />
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ScrollTable<TWalletOrder>
        className="gs-hide-phone"
        regionLabel="充值记录列表"
        rowKey="sid"
        size="middle"
        loading={wallet.isPending}
        columns={COLUMNS}
        dataSource={wallet.data?.orders ?? []}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无充值记录" /> }}
      />
    </div>
  );
}

/** /wallet — the VIP wallet page (spec §2; no login needed to read it). */
export default function WalletPage() {
  const user = useCurrentUser();
  const openAuth = useDialogs((s) => s.openAuth);
  const openRecharge = useDialogs((s) => s.openRecharge);
  const loggedIn = isLoggedInUser(user);
  const canRecharge = loggedIn && user.level === AccountLevel.MAIN;

  return (
    <PageContainer title="VIP 会员" subTitle="企业月度会员，预付余额购买素材授权享会员价">
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
              {VIP_POINTS.map((b) => (
                <li key={b}>
                  <CheckCircleFilled /> {b}
                </li>
              ))}
            </ul>
            {canRecharge ? (
              <Button type="primary" size="large" className="gs-vip-card__cta" onClick={() => openRecharge('choose')}>
                {user.isVip ? '续费充值' : '立即开通'}
              </Button>
            ) : !loggedIn ? (
              <Button
                type="primary"
                size="large"
                className="gs-vip-card__cta"
                onClick={() => openAuth('login', { kind: 'navigate', to: paths.wallet })}
              >
                登录后开通
              </Button>
            ) : null}
            <Typography.Paragraph className="gs-vip-card__note" style={{ marginTop: 12, marginBottom: 0 }}>
              仅主账号可充值，充值前需填写企业信息。
            </Typography.Paragraph>
          </div>
        </Col>
        <Col xs={24} lg={14}>
          {loggedIn ? (
            <>
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
                    {
                      key: 'valid',
                      label: '有效期至',
                      children: user.isVip ? formatDateTime(user.vipValidBefore) : '—',
                    },
                  ]}
                />
                {user.level === AccountLevel.SUB && (
                  <Alert type="info" showIcon title="子账号不能充值；使用主账号余额支付需主账号审批。" />
                )}
              </div>
              <RechargeHistory />
            </>
          ) : (
            <Alert
              type="info"
              showIcon
              title="登录后可查看您的会员状态、钱包余额与充值记录"
              action={
                <Button size="small" type="primary" onClick={() => openAuth('login')}>
                  登录
                </Button>
              }
            />
          )}
        </Col>
      </Row>
    </PageContainer>
  );
}
