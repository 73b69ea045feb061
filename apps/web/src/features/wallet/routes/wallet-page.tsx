import { AccountLevel, VIP_MONTHLY_FEE_CENTS, type TWalletOrder } from '@gemstock/contract';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { PageContainer } from '@/components/page-container';
import { PriceText } from '@/components/price-text';
import { Button } from '@/components/ui/button';
import { Alert, Empty, SkeletonText, Tag } from '@/components/ui/feedback';
import { Icon } from '@/components/ui/icon';
import { Pagination } from '@/components/ui/pagination';
import { CheckCircleFilled, CrownOutlined } from '@/components/ui/icon-paths';
import { Table, type TableColumn } from '@/components/ui/table';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/form';
import { countText, pagedTotal, usePageCursors } from '@/lib/list-pages';
import { useDialogs } from '@/stores/dialogs';
import { isLoggedInUser, useCurrentUser } from '@/stores/session';
import { WALLET_PAGE_SIZE, useWallet } from '../api/get-wallet';
import { VIP_POINTS } from '../components/vip-terms';
import './wallet-page.css';

const COLUMNS: TableColumn<TWalletOrder>[] = [
  { key: 'createdAt', title: '充值时间', render: (row) => formatDateTime(row.createdAt) },
  { key: 'total', title: '充值金额', render: (row) => <PriceText cents={row.total} size="small" /> },
  {
    key: 'balance',
    title: '剩余余额',
    render: (row) => <PriceText cents={row.balance} size="small" tone={row.isValid ? 'price' : 'inherit'} />,
  },
  { key: 'validBefore', title: '有效期至', render: (row) => formatDateTime(row.validBefore) },
  { key: 'isValid', title: '状态', render: (row) => <RechargeStatus valid={row.isValid} /> },
];

function RechargeStatus({ valid }: { valid: boolean }) {
  return valid ? <Tag color="gold">有效</Tag> : <Tag color="default">已过期（余额已失效）</Tag>;
}

/** The recharges a page at a time; 下一页 goes on after the last recharge shown (its cursor). */
function RechargeHistory() {
  const [page, setPage] = useState(1);
  const cursors = usePageCursors('wallet');
  const wallet = useWallet(true, page, cursors.cursorOf(page));
  if (wallet.isError)
    return <LoadError title="充值记录加载失败" error={wallet.error} onRetry={() => void wallet.refetch()} />;
  const pageTotal = wallet.data ? pagedTotal(wallet.data, page, WALLET_PAGE_SIZE) : 0;
  const goTo = (next: number) => {
    cursors.remember(page, next, wallet.data && !wallet.isPlaceholderData ? wallet.data.nextCursor : null);
    setPage(next);
  };
  return (
    <section className="gs-card gs-wallet-section" aria-labelledby="wallet-history-title">
      <h2 id="wallet-history-title" className="gs-wallet-section__title">
        充值记录
      </h2>
      {/* phones: one card per recharge instead of a table to scroll sideways */}
      <div className="gs-show-phone">
        {wallet.isPending ? (
          <SkeletonText rows={3} />
        ) : !wallet.data.orders.length ? (
          <Empty description="暂无充值记录" />
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
      <Table<TWalletOrder>
        className="gs-hide-phone"
        label="充值记录列表"
        rowKey="sid"
        size="middle"
        loading={wallet.isPending}
        columns={COLUMNS}
        rows={wallet.data?.orders ?? []}
        minWidth={640}
        empty="暂无充值记录"
      />
      {wallet.data && pageTotal > WALLET_PAGE_SIZE && (
        <div className="gs-pages-with-total">
          <span>{countText(wallet.data.total, wallet.data.totalCapped, '笔充值')}</span>
          <Pagination current={page} pageSize={WALLET_PAGE_SIZE} total={pageTotal} onChange={goTo} />
        </div>
      )}
    </section>
  );
}

/** /wallet — the VIP wallet page (spec §2; no login needed to read it). */
export default function WalletPage() {
  const user = useCurrentUser();
  const openAuth = useDialogs((s) => s.openAuth);
  // the recharge dialogs are loaded with antd on first opening (src/app/layouts/global-dialogs.tsx)
  const openRecharge = useDialogs((s) => s.openRecharge);
  const loggedIn = isLoggedInUser(user);
  const canRecharge = loggedIn && user.level === AccountLevel.MAIN;

  return (
    <PageContainer title="VIP 会员" subTitle="企业月度会员，预付余额购买素材授权享会员价">
      <div className="gs-wallet">
        <div className="gs-vip-card">
          <span className="gs-vip-card__label">
            <Icon icon={CrownOutlined} /> VIP 月度会员
          </span>
          <div className="gs-vip-card__price">
            <PriceText cents={VIP_MONTHLY_FEE_CENTS} size="large" tone="inherit" />
            <span> / 月（含税）</span>
          </div>
          <ul className="gs-vip-card__benefits">
            {VIP_POINTS.map((b) => (
              <li key={b}>
                <Icon icon={CheckCircleFilled} /> {b}
              </li>
            ))}
          </ul>
          {canRecharge ? (
            <Button kind="primary" size="large" className="gs-vip-card__cta" onClick={() => openRecharge('choose')}>
              {user.isVip ? '续费充值' : '立即开通'}
            </Button>
          ) : !loggedIn ? (
            <Button
              kind="primary"
              size="large"
              className="gs-vip-card__cta"
              onClick={() => openAuth('login', { kind: 'navigate', to: paths.wallet })}
            >
              登录后开通
            </Button>
          ) : null}
          <p className="gs-vip-card__note">仅主账号可充值，充值前需填写企业信息。</p>
        </div>
        <div className="gs-wallet__side">
          {loggedIn ? (
            <>
              <section className="gs-card gs-wallet-section" aria-labelledby="wallet-status-title">
                <h2 id="wallet-status-title" className="gs-wallet-section__title">
                  我的会员状态
                </h2>
                <dl className="gs-facts-list gs-wallet-facts">
                  <div>
                    <dt>会员状态</dt>
                    <dd>{user.isVip ? <Tag color="gold">VIP 生效中</Tag> : <Tag color="default">未开通</Tag>}</dd>
                  </div>
                  <div>
                    <dt>钱包余额</dt>
                    <dd>
                      <PriceText cents={user.walletBalance} />
                    </dd>
                  </div>
                  <div>
                    <dt>有效期至</dt>
                    <dd>{user.isVip ? formatDateTime(user.vipValidBefore) : '—'}</dd>
                  </div>
                </dl>
                {user.level === AccountLevel.SUB && (
                  <Alert type="info" className="gs-wallet-facts__note">
                    子账号不能充值；使用主账号余额支付需主账号审批。
                  </Alert>
                )}
              </section>
              <RechargeHistory />
            </>
          ) : (
            <Alert type="info" className="gs-wallet-login">
              <span>登录后可查看您的会员状态、钱包余额与充值记录</span>
              <Button size="small" kind="primary" onClick={() => openAuth('login')}>
                登录
              </Button>
            </Alert>
          )}
        </div>
      </div>
    </PageContainer>
  );
}
