import {
  DEMAND_STATUS_LABEL,
  DEMAND_TIER_LABEL,
  type TCompanyAccount,
  type TCompanyDemand,
  type TCompanyInvoice,
  type TCompanyLedgerEntry,
  type TCompanyLicence,
  type TCompanyOrder,
  formatYuan,
  licenceSpec,
} from '@gemstock/contract';
import { Descriptions, Drawer, Space, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CompanyConsents } from './company-consents';
import { LoadError } from '@/components/load-error';
import { formatDateTime } from '@/lib/date-time';
import { ORDER_TYPE_LABEL, PAY_WAY_TEXT } from '@/lib/order-labels';
import { type CompanyTab, useCompany } from '../api/companies';
import { AccountStateButton } from './account-state-button';
import { CompanyTabTable } from './company-tab-table';
import { INVOICE_STATUS_TAG, INVOICE_TYPE_TEXT } from './invoice-actions';
import { OrderStatusTag } from './order-tags';

const time = (iso: string | null) => (
  <span style={{ fontVariantNumeric: 'tabular-nums' }}>{iso ? formatDateTime(iso) : '—'}</span>
);
const money = (cents: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatYuan(cents)}</span>;
const mono = (text: string) => (
  <Typography.Text style={{ fontFamily: 'monospace', fontSize: 13 }}>{text}</Typography.Text>
);

/** What each movement of wallet money is, as the ledger's `kind` names it. */
const LEDGER_KIND_TEXT: Record<string, string> = {
  recharge: 'VIP 充值',
  spend: '余额支付',
  expire: '到期清零',
  refund: '退回余额',
};

/** 正常, 已停用, or 已注销 for an account deleted at its owner's request (it cannot be turned on). */
export function EnabledTag({ account }: { account: { enabled: boolean; erased: boolean } }) {
  if (account.erased) return <Tag>已注销</Tag>;
  return account.enabled ? <Tag color="green">正常</Tag> : <Tag color="red">已停用</Tag>;
}

const ACCOUNT_COLUMNS: ColumnsType<TCompanyAccount> = [
  { title: '用户名', dataIndex: 'username', width: 140, render: (v: string | null) => v ?? '—' },
  { title: '姓名', dataIndex: 'name', width: 100, render: (v: string | null) => v ?? '—' },
  { title: '手机号', dataIndex: 'mobile', width: 130, render: (v: string | null) => v ?? '—' },
  { title: '邮箱', dataIndex: 'email', width: 200, render: (v: string | null) => v ?? '—' },
  { title: '状态', key: 'state', width: 80, render: (_, a) => <EnabledTag account={a} /> },
  { title: '最近登录', dataIndex: 'lastLoginAt', width: 150, render: time },
  {
    title: '操作',
    key: 'actions',
    width: 80,
    fixed: 'right',
    render: (_, a) => (
      <AccountStateButton
        account={{ sid: a.sid, enabled: a.enabled, erased: a.erased, label: a.username ?? a.sid }}
        main={false}
      />
    ),
  },
];

const ORDER_COLUMNS: ColumnsType<TCompanyOrder> = [
  { title: '订单号', dataIndex: 'orderNo', width: 200, render: mono },
  { title: '下单账号', dataIndex: 'buyer', width: 120, render: (v: string | null) => v ?? '—' },
  { title: '类型', dataIndex: 'orderType', width: 90, render: (t: TCompanyOrder['orderType']) => ORDER_TYPE_LABEL[t] },
  {
    title: '金额',
    key: 'price',
    width: 130,
    align: 'right',
    render: (_, o) => (
      <Space orientation="vertical" size={0}>
        {money(o.priceCents)}
        {o.refundedCents > 0 && <Typography.Text type="secondary">已退 {formatYuan(o.refundedCents)}</Typography.Text>}
      </Space>
    ),
  },
  {
    title: '支付方式',
    dataIndex: 'payWay',
    width: 100,
    render: (w: TCompanyOrder['payWay']) => (w ? PAY_WAY_TEXT[w] : '—'),
  },
  {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (s: TCompanyOrder['status']) => <OrderStatusTag status={s} />,
  },
  { title: '下单时间', dataIndex: 'createdAt', width: 150, render: time },
];

const INVOICE_COLUMNS: ColumnsType<TCompanyInvoice> = [
  { title: '抬头', dataIndex: 'title', width: 220 },
  { title: '类型', dataIndex: 'type', width: 140, render: (t: TCompanyInvoice['type']) => INVOICE_TYPE_TEXT[t] },
  { title: '金额', dataIndex: 'amountCents', width: 120, align: 'right', render: money },
  {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (s: TCompanyInvoice['status']) => (
      <Tag color={INVOICE_STATUS_TAG[s].color}>{INVOICE_STATUS_TAG[s].text}</Tag>
    ),
  },
  { title: '申请时间', dataIndex: 'createdAt', width: 150, render: time },
  { title: '开具时间', dataIndex: 'issuedAt', width: 150, render: time },
];

const LEDGER_COLUMNS: ColumnsType<TCompanyLedgerEntry> = [
  { title: '时间', dataIndex: 'createdAt', width: 150, render: time },
  { title: '类型', dataIndex: 'kind', width: 110, render: (k: string) => LEDGER_KIND_TEXT[k] ?? k },
  { title: '金额', dataIndex: 'amountCents', width: 130, align: 'right', render: money },
  { title: '关联订单', dataIndex: 'orderSid', render: (sid: string | null) => (sid ? mono(sid) : '—') },
];

const LICENCE_COLUMNS: ColumnsType<TCompanyLicence> = [
  { title: '证书编号', dataIndex: 'certNo', width: 200, render: mono },
  { title: '素材编号', dataIndex: 'materialSid', width: 170, render: mono },
  {
    title: '授权类型',
    key: 'spec',
    width: 140,
    render: (_, l) => (
      <Space size={4}>
        {licenceSpec(l.spec).name}
        {l.exclusive && <Tag color="gold">独家</Tag>}
      </Space>
    ),
  },
  {
    title: '状态',
    dataIndex: 'revokedAt',
    width: 90,
    render: (revoked: string | null) => (revoked ? <Tag color="red">已撤销</Tag> : <Tag color="green">有效</Tag>),
  },
  { title: '授权时间', dataIndex: 'createdAt', width: 150, render: time },
];

const DEMAND_COLUMNS: ColumnsType<TCompanyDemand> = [
  { title: '需求编号', dataIndex: 'sid', width: 170, render: mono },
  { title: '类型', dataIndex: 'tier', width: 110, render: (t: TCompanyDemand['tier']) => DEMAND_TIER_LABEL[t] },
  { title: '进度', dataIndex: 'status', width: 110, render: (s: TCompanyDemand['status']) => DEMAND_STATUS_LABEL[s] },
  {
    title: '报价',
    dataIndex: 'quotePriceCents',
    width: 110,
    align: 'right',
    render: (cents: number | null) => (cents === null ? '—' : money(cents)),
  },
  { title: '本阶段截止', dataIndex: 'stageDeadline', width: 150, render: time },
  { title: '提交时间', dataIndex: 'createdAt', width: 150, render: time },
];

/** A tab of the company's page: its list, what its rows are called, what it says when there are none. */
function tabOf<Row extends object>(
  key: CompanyTab,
  label: string,
  table: Omit<Parameters<typeof CompanyTabTable<Row>>[0], 'tab' | 'companySid' | 'rowKey'> & {
    rowKey?: keyof Row & string;
  },
) {
  return (companySid: string) => ({
    key,
    label,
    children: (
      <CompanyTabTable<Row>
        {...table}
        tab={key}
        companySid={companySid}
        rowKey={table.rowKey ?? ('sid' as keyof Row & string)}
      />
    ),
  });
}

const TABS = [
  tabOf<TCompanyAccount>('accounts', '子账号', {
    regionLabel: '子账号列表',
    columns: ACCOUNT_COLUMNS,
    emptyText: '没有子账号',
    unit: '个子账号',
  }),
  tabOf<TCompanyOrder>('orders', '订单', {
    regionLabel: '订单列表',
    columns: ORDER_COLUMNS,
    emptyText: '还没有订单',
    unit: '个订单',
  }),
  tabOf<TCompanyInvoice>('invoices', '发票', {
    regionLabel: '发票列表',
    columns: INVOICE_COLUMNS,
    emptyText: '还没有申请过发票',
    unit: '张发票',
  }),
  tabOf<TCompanyLedgerEntry>('ledger', '钱包流水', {
    regionLabel: '钱包流水',
    columns: LEDGER_COLUMNS,
    rowKey: 'id',
    emptyText: '钱包还没有流水',
    unit: '条流水',
  }),
  tabOf<TCompanyLicence>('licences', '授权', {
    regionLabel: '授权列表',
    columns: LICENCE_COLUMNS,
    emptyText: '还没有授权',
    unit: '个授权',
  }),
  tabOf<TCompanyDemand>('demands', '定制需求', {
    regionLabel: '定制需求列表',
    columns: DEMAND_COLUMNS,
    emptyText: '还没有定制需求',
    unit: '个定制需求',
  }),
];

const companyTabs = (companySid: string) => [
  ...TABS.map((tab) => tab(companySid)),
  { key: 'consents', label: '协议同意', children: <CompanyConsents companySid={companySid} /> },
];

/** One company: its main account and details, then its lists, one tab each. */
export function CompanyDrawer({ sid, onClose }: { sid: string | null; onClose: () => void }) {
  const detail = useCompany(sid);
  const company = detail.data?.company;
  return (
    <Drawer
      title={company ? (company.company ?? '未填写企业名称') : '企业客户'}
      open={sid !== null}
      onClose={onClose}
      size={960}
      destroyOnHidden
      loading={detail.isLoading}
      extra={
        company && (
          <AccountStateButton
            account={{
              sid: company.sid,
              enabled: company.enabled,
              erased: company.erased,
              label: company.company ?? company.sid,
            }}
            main
          />
        )
      }
    >
      {detail.isError && (
        <LoadError
          title="企业信息加载失败"
          error={detail.error}
          isRetrying={detail.isFetching}
          onRetry={() => void detail.refetch()}
        />
      )}
      {company && sid && (
        <>
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="主账号">
              {company.name ?? '—'} <EnabledTag account={company} />
            </Descriptions.Item>
            <Descriptions.Item label="税号">{company.license ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="手机号">{company.mobile ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="邮箱">{company.email ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="钱包余额">{money(company.walletBalance)}</Descriptions.Item>
            <Descriptions.Item label="VIP">
              {company.isVip ? `有效至 ${formatDateTime(company.vipValidBefore)}` : '未开通'}
            </Descriptions.Item>
            <Descriptions.Item label="子账号功能">{company.subEnabled ? '已开启' : '已关闭'}</Descriptions.Item>
            <Descriptions.Item label="注册时间">{time(company.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="地址" span={2}>
              {company.address ?? '—'}
            </Descriptions.Item>
          </Descriptions>
          <Tabs items={companyTabs(sid)} />
        </>
      )}
    </Drawer>
  );
}
