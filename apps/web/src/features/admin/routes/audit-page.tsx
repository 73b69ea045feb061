import { FilterOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import {
  AUDIT_ACTION_LABEL,
  AUDIT_ENTITY_LABEL,
  AUDIT_PAGE_SIZE_DEFAULT,
  CouponType,
  chinaClockOf,
  formatYuan,
  isOperatorRole,
  type LicenceType,
  OPERATOR_ROLE_LABEL,
  type OrderStatus,
  type OrderType,
  type PayWay,
  type RefundChannel,
  type RefundStatus,
  type TAuditEntry,
  type TBulkChangeInput,
} from '@gemstock/contract';
import { Button, Card, DatePicker, Empty, Flex, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { couponScopeText, couponValueText } from '@/lib/coupon-text';
import { formatDateTime } from '@/lib/date-time';
import { ORDER_STATUS_LABEL, PAY_WAY_TEXT, REFUND_CHANNEL_TEXT, REFUND_STATUS_LABEL } from '@/lib/order-labels';
import { useAuditLog } from '../api/get-audit-log';
import { useOperators } from '../api/operators';
import { RefreshButton } from '../components/refresh-button';
import { type AddressUpdate, useAddressQuery } from '../lib/address-query';
import { adminPaths } from '../lib/admin-paths';
import { describeChange, describeSelection } from '../lib/bulk-actions';
import { formatBytes, formatDuration, licenceShortName } from '../lib/format';
import { ExportButton } from '../components/export-button';

const FILTER_KEYS = ['q', 'operator', 'action', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABEL).map(([value, label]) => ({ value, label }));

const ENTITY_COLOR: Record<string, string> = {
  material: 'blue',
  keywords: 'cyan',
  coupon: 'magenta',
  order: 'green',
  invoice: 'gold',
  demand: 'purple',
  settings: 'geekblue',
  operator: 'default',
  payment_exception: 'red',
};

const FAILED_SIGN_IN: Record<string, string> = {
  unknown_username: '账号不存在',
  locked: '账号已锁定',
  password: '密码错误',
  totp: '动态验证码错误',
  disabled: '账号已停用',
};

const FIELD_LABEL: Record<string, string> = {
  keywords: '关键词',
  pricesCents: '价格',
  specialPricesCents: '特价',
  customPriceCents: '定制价',
  freeFrom: '免费开始',
  freeUntil: '免费结束',
  featured: '精选',
  disabled: '下架',
  remark: '备注',
  status: '状态',
  jobId: '任务',
  format: '格式',
  width: '宽',
  height: '高',
  durationMs: '时长',
  authTypes: '授权类型',
  originalMime: '文件类型',
  originalBytes: '文件大小',
  payWay: '支付方式',
  paidAmountCents: '到账金额',
  note: '说明',
  code: '优惠码',
  name: '名称',
  type: '优惠类型',
  amount: '优惠额度',
  scope: '适用订单',
  limit: '可用次数',
  startAt: '开始时间',
  endAt: '结束时间',
  batchSize: '批量生成',
  username: '用户名',
  roles: '角色',
  enabled: '启用',
  ip: 'IP 地址',
  reason: '原因',
  totp: '动态验证码',
  clearTotp: '同时关闭动态验证码',
  amountCents: '金额',
  channel: '退款方式',
  refundNo: '退款单号',
  refundSid: '退款系统编号',
  refundStatus: '退款状态',
  revokedCertificates: '终止的授权证书',
  receivedCents: '已到账',
  dueCents: '尚差',
  bankSerial: '银行流水号',
  arrivedOn: '到账日期',
  paidOutOn: '退款日期',
  refundByHand: '线下退款',
  rejectReason: '驳回原因',
  total: '数量',
  demandStatus: '定制阶段',
  endsVip: '同时结束 VIP',
  lapsedCents: '作废的余额',
  change: '修改内容',
  selection: '选择范围',
};

const STATUS_TEXT: Record<string, string> = { processing: '处理中', ready: '已就绪', failed: '处理失败' };

function priceMap(value: unknown): string {
  const entries = Object.entries((value ?? {}) as Record<string, number>);
  if (entries.length === 0) return '按标准价';
  return entries
    .map(([type, cents]) => `${licenceShortName(Number(type) as LicenceType)} ${formatYuan(cents)}`)
    .join('，');
}

/**
 * A value as an operator reads it: yuan for cents, names for codes, dates in China time.
 * `record` is the entry's other fields (a coupon's amount reads by its type).
 */
function show(field: string, value: unknown, record: Record<string, unknown>): string {
  if (value === null || value === undefined) return '空';
  switch (field) {
    case 'paidAmountCents':
    case 'customPriceCents':
    case 'amountCents':
    case 'receivedCents':
    case 'dueCents':
    case 'lapsedCents':
      return formatYuan(Number(value));
    case 'channel':
      return REFUND_CHANNEL_TEXT[value as RefundChannel] ?? String(value);
    case 'refundStatus':
      return REFUND_STATUS_LABEL[value as RefundStatus]?.text ?? String(value);
    case 'payWay':
      return PAY_WAY_TEXT[value as PayWay] ?? String(value);
    case 'startAt':
    case 'endAt':
    case 'freeFrom':
    case 'freeUntil':
      return formatDateTime(String(value));
    case 'scope':
      return couponScopeText(value as OrderType[]);
    case 'limit':
      return Number(value) === 0 ? '不限' : `${Number(value)} 次`;
    case 'type':
      return Number(value) === CouponType.FIXED ? '满减' : '折扣';
    case 'amount':
      return couponValueText({ type: Number(record.type) as CouponType, amount: Number(value) });
    case 'pricesCents':
    case 'specialPricesCents':
      return priceMap(value);
    case 'format':
      return value === 'video' ? '视频' : '图片';
    case 'status':
      return STATUS_TEXT[String(value)] ?? ORDER_STATUS_LABEL[value as OrderStatus]?.text ?? String(value);
    case 'authTypes':
      return (value as LicenceType[]).map(licenceShortName).join('、');
    case 'originalBytes':
      return formatBytes(Number(value));
    case 'durationMs':
      return formatDuration(Number(value));
    case 'roles':
      return (value as string[]).map((r) => (isOperatorRole(r) ? OPERATOR_ROLE_LABEL[r] : r)).join('、') || '无';
    case 'reason':
      return FAILED_SIGN_IN[String(value)] ?? String(value);
    // a bulk edit's change and choice of materials, as its confirmation said them
    case 'change':
      if (typeof value === 'object' && 'kind' in value) return describeChange(value as TBulkChangeInput);
      break;
    case 'selection':
      return describeSelection(value);
    default:
      break;
  }
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (Array.isArray(value)) return value.length ? value.join('、') : '空';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One line per changed field: 字段：旧 → 新. */
function Changes({ entry }: { entry: TAuditEntry }) {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (fields.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space orientation="vertical" size={2}>
      {fields.map((field) => (
        <Typography.Text key={field} style={{ fontSize: 13 }}>
          <Typography.Text type="secondary">{FIELD_LABEL[field] ?? field}：</Typography.Text>
          {field in before && entry.before !== null && (
            <>
              <Typography.Text delete type="secondary">
                {show(field, before[field], { ...after, ...before })}
              </Typography.Text>
              {' → '}
            </>
          )}
          {show(field, after[field], { ...before, ...after })}
        </Typography.Text>
      ))}
    </Space>
  );
}

/** "2026-03-01 23:59:59" in China time. */
function chinaTimeWithSeconds(iso: string): string {
  const c = chinaClockOf(new Date(iso));
  const p = (n: number) => String(n).padStart(2, '0');
  return `${c.year}-${p(c.month)}-${p(c.day)} ${p(c.hour)}:${p(c.minute)}:${p(c.second)}`;
}

/** Where the console shows the entry's object, when it has a page for it. */
function objectLink(entry: TAuditEntry): string | null {
  const sid = entry.entitySid;
  switch (entry.entity) {
    case 'material':
      return sid ? `${adminPaths.materials}?q=${encodeURIComponent(sid)}` : adminPaths.materials;
    case 'order':
      return sid ? `${adminPaths.orders}?order=${encodeURIComponent(sid)}` : adminPaths.orders;
    case 'coupon':
      return entry.entityRef ? `${adminPaths.coupons}?q=${encodeURIComponent(entry.entityRef)}` : adminPaths.coupons;
    case 'invoice':
      return adminPaths.invoices;
    case 'demand':
      return adminPaths.demands;
    case 'keywords':
      return adminPaths.keywords;
    case 'operator':
      return adminPaths.operators;
    case 'payment_exception':
      return adminPaths.paymentExceptions;
    // a sub-account is listed under its company, and the company search finds either by sid
    case 'company':
    case 'user':
      return sid ? `${adminPaths.companies}?q=${encodeURIComponent(sid)}` : adminPaths.companies;
    case 'settings':
      return entry.action.startsWith('settings.service_qr') ? adminPaths.serviceSettings : adminPaths.coupons;
    default:
      return null;
  }
}

function OperatorCell({ entry }: { entry: TAuditEntry }) {
  if (entry.operatorSid === null) {
    const typed = (entry.after as { username?: unknown } | null)?.username;
    return <Typography.Text type="secondary">未知账号{typeof typed === 'string' ? ` ${typed}` : ''}</Typography.Text>;
  }
  return (
    <Space orientation="vertical" size={0}>
      <span>{entry.operatorName ?? entry.operatorUsername ?? '已删除的账号'}</span>
      {entry.operatorName && entry.operatorUsername && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {entry.operatorUsername}
        </Typography.Text>
      )}
    </Space>
  );
}

/**
 * 操作日志: who did what to which object, newest first. Filters (the id people use, operator,
 * action, China-time days) live in the address; pages go on by cursor down to the oldest entry,
 * archived ones included.
 */
export function AuditPage() {
  const { params, update } = useAddressQuery(FILTER_KEYS);
  const filters = {
    q: params.get('q') ?? undefined,
    operator: params.get('operator') ?? undefined,
    action: params.get('action') ?? undefined,
    from: DAY.test(params.get('from') ?? '') ? params.get('from')! : undefined,
    to: DAY.test(params.get('to') ?? '') ? params.get('to')! : undefined,
  };
  // The cursors of the pages after the first, for 上一页; a change of filters starts over.
  const filterKey = JSON.stringify(filters);
  const [trail, setTrail] = useState<{ key: string; cursors: string[] }>({ key: filterKey, cursors: [] });
  const cursors = trail.key === filterKey ? trail.cursors : [];
  const audit = useAuditLog({ ...filters, cursor: cursors[cursors.length - 1], page_size: AUDIT_PAGE_SIZE_DEFAULT });
  const operators = useOperators();
  const change = (next: AddressUpdate) => update(next);

  if (audit.isError) {
    return <LoadError title="操作日志加载失败" error={audit.error} onRetry={() => void audit.refetch()} />;
  }

  const entries = audit.data?.entries ?? [];
  const nextCursor = audit.data?.nextCursor ?? null;
  const filtered = Object.values(filters).some(Boolean);

  return (
    <Card
      title={
        <Flex gap={8} wrap align="center" style={{ paddingBlock: 12 }}>
          <Input.Search
            key={filters.q ?? ''}
            defaultValue={filters.q}
            allowClear
            placeholder="订单号、素材编号、优惠码或发票编号"
            aria-label="按对象编号查找"
            enterButton="查找"
            onSearch={(value) => change({ q: value.trim() || undefined })}
            style={{ width: 320 }}
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="操作人"
            aria-label="操作人"
            value={filters.operator}
            loading={operators.isLoading}
            options={(operators.data?.operators ?? []).map((o) => ({
              value: o.sid,
              label: o.name ? `${o.name}（${o.username}）` : o.username,
            }))}
            onChange={(value?: string) => change({ operator: value })}
            style={{ width: 180 }}
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="操作类型"
            aria-label="操作类型"
            value={filters.action}
            options={ACTION_OPTIONS}
            onChange={(value?: string) => change({ action: value })}
            style={{ width: 180 }}
          />
          <DatePicker.RangePicker
            aria-label="日期范围"
            allowEmpty={[true, true]}
            value={[filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null]}
            onChange={(range) =>
              change({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })
            }
          />
          <ExportButton kind="audit" filters={filters} />
          <RefreshButton query={audit} />
        </Flex>
      }
    >
      <Table<TAuditEntry>
        rowKey={(e) => `${e.archived ? 'a' : 'h'}${e.id}`}
        loading={audit.isFetching}
        dataSource={entries}
        size="middle"
        pagination={false}
        scroll={{ x: 960 }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={filtered ? '没有符合条件的操作记录' : '暂无操作记录'}
            />
          ),
        }}
        columns={[
          {
            title: '时间（北京时间）',
            dataIndex: 'createdAt',
            width: 170,
            render: (iso: string, e) => (
              <Space orientation="vertical" size={0}>
                <span style={{ fontVariantNumeric: 'tabular-nums' }}>{chinaTimeWithSeconds(iso)}</span>
                {e.archived && <Tag>已归档</Tag>}
              </Space>
            ),
          },
          { title: '操作人', key: 'operator', width: 150, render: (_, e) => <OperatorCell entry={e} /> },
          {
            title: '操作',
            dataIndex: 'action',
            width: 160,
            render: (action: string, e) => (
              <Tag color={action.endsWith('_failed') ? 'red' : ENTITY_COLOR[e.entity]}>
                {AUDIT_ACTION_LABEL[action] ?? action}
              </Tag>
            ),
          },
          {
            title: '对象',
            key: 'entity',
            width: 230,
            render: (_, e) => {
              const link = objectLink(e);
              const label = AUDIT_ENTITY_LABEL[e.entity] ?? e.entity;
              return (
                <Space orientation="vertical" size={0}>
                  {link ? <Link to={link}>{label}</Link> : <span>{label}</span>}
                  {e.entityRef && (
                    <Flex align="center" gap={4}>
                      <Typography.Text type="secondary" copyable style={{ fontFamily: 'monospace', fontSize: 12 }}>
                        {e.entityRef}
                      </Typography.Text>
                      {e.entityRef !== filters.q && (
                        <Tooltip title="只看这个对象的记录">
                          <Button
                            type="text"
                            size="small"
                            icon={<FilterOutlined />}
                            aria-label={`只看 ${e.entityRef} 的记录`}
                            onClick={() => change({ q: e.entityRef ?? undefined })}
                          />
                        </Tooltip>
                      )}
                    </Flex>
                  )}
                </Space>
              );
            },
          },
          { title: '变更内容', key: 'changes', render: (_, e) => <Changes entry={e} /> },
        ]}
      />
      <Flex justify="flex-end" align="center" gap={12} style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">
          第 {cursors.length + 1} 页{!nextCursor && entries.length > 0 ? '，已到最早的记录' : ''}
        </Typography.Text>
        <Button
          icon={<LeftOutlined />}
          disabled={cursors.length === 0}
          onClick={() => setTrail({ key: filterKey, cursors: cursors.slice(0, -1) })}
        >
          上一页
        </Button>
        <Button
          disabled={!nextCursor || audit.isPlaceholderData}
          onClick={() => nextCursor && setTrail({ key: filterKey, cursors: [...cursors, nextCursor] })}
        >
          下一页 <RightOutlined />
        </Button>
      </Flex>
    </Card>
  );
}
