import {
  ADMIN_PAGE_SIZE_DEFAULT,
  CouponType,
  formatYuan,
  type LicenceType,
  type OrderStatus,
  type OrderType,
  type PayWay,
  type TAuditEntry,
} from '@gemstock/contract';
import { Card, Empty, Flex, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { couponScopeText, couponValueText } from '@/lib/coupon-text';
import { ORDER_STATUS_LABEL, PAY_WAY_TEXT } from '@/lib/order-labels';
import { useAuditLog } from '../api/get-audit-log';
import { formatDateTime } from '@/lib/date-time';
import { formatBytes, formatDuration, licenceShortName } from '../lib/format';

const ACTION_LABEL: Record<string, { text: string; color: string }> = {
  'material.upload': { text: '上传素材', color: 'blue' },
  'material.update': { text: '修改素材', color: 'gold' },
  'material.reprocess': { text: '重新处理', color: 'purple' },
  'keywords.pinned.replace': { text: '修改置顶关键词', color: 'cyan' },
  'keywords.curated.replace': { text: '修改推荐关键词', color: 'green' },
  'keywords.blocked.replace': { text: '修改屏蔽关键词', color: 'volcano' },
  'order.confirm_transfer': { text: '确认转账到账', color: 'green' },
  'order.confirm_late_transfer': { text: '确认迟到的转账款', color: 'orange' },
  'order.reject_transfer': { text: '驳回转账', color: 'red' },
  'coupon.create': { text: '创建优惠券', color: 'blue' },
  'coupon.update': { text: '修改优惠券', color: 'gold' },
  'coupon.grant': { text: '发放优惠券给用户', color: 'magenta' },
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
 * A value as an operator reads it: yuan for cents, names for codes, dates in local time.
 * `record` is the entry's other fields (a coupon's amount reads by its type).
 */
function show(field: string, value: unknown, record: Record<string, unknown>): string {
  if (value === null || value === undefined) return '空';
  switch (field) {
    case 'paidAmountCents':
      return formatYuan(Number(value));
    case 'payWay':
      return PAY_WAY_TEXT[value as PayWay] ?? String(value);
    case 'startAt':
    case 'endAt':
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
    case 'customPriceCents':
      return formatYuan(Number(value));
    case 'freeFrom':
    case 'freeUntil':
      return formatDateTime(String(value));
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

export function AuditPage() {
  const [entity, setEntity] = useState<string | undefined>();
  const [sid, setSid] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(ADMIN_PAGE_SIZE_DEFAULT);
  const audit = useAuditLog({ entity, sid, page, page_size: pageSize });

  return (
    <Card
      title={
        <Flex gap={8} wrap style={{ paddingBlock: 12 }}>
          <Select
            allowClear
            placeholder="对象类型"
            aria-label="对象类型"
            value={entity}
            onChange={(value?: string) => {
              setEntity(value);
              setPage(1);
            }}
            options={[
              { value: 'material', label: '素材' },
              { value: 'keywords', label: '关键词' },
              { value: 'order', label: '订单' },
              { value: 'coupon', label: '优惠券' },
            ]}
            style={{ width: 140 }}
          />
          <Input.Search
            allowClear
            placeholder="对象编号，如素材编号"
            aria-label="对象编号"
            enterButton="搜索"
            onSearch={(value) => {
              setSid(value.trim() || undefined);
              setPage(1);
            }}
            style={{ width: 260 }}
          />
        </Flex>
      }
    >
      <Table<TAuditEntry>
        rowKey="id"
        loading={audit.isLoading}
        dataSource={audit.data?.entries ?? []}
        size="middle"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无操作记录" /> }}
        pagination={{
          current: page,
          pageSize,
          total: audit.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (p, s) => {
            setPage(p);
            setPageSize(s);
          },
        }}
        columns={[
          {
            title: '时间',
            dataIndex: 'createdAt',
            width: 150,
            render: (iso: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(iso)}</span>,
          },
          {
            title: '操作人',
            key: 'operator',
            width: 140,
            render: (_, e) => e.operatorName ?? <Typography.Text type="secondary">{e.operatorSid}</Typography.Text>,
          },
          {
            title: '操作',
            dataIndex: 'action',
            width: 140,
            render: (action: string) => {
              const label = ACTION_LABEL[action];
              return <Tag color={label?.color}>{label?.text ?? action}</Tag>;
            },
          },
          {
            title: '对象',
            key: 'entity',
            width: 200,
            render: (_, e) => (
              <Space orientation="vertical" size={0}>
                <span>{e.entity === 'material' ? '素材' : e.entity === 'keywords' ? '关键词' : e.entity}</span>
                {e.entitySid && (
                  <Typography.Text type="secondary" copyable style={{ fontFamily: 'monospace', fontSize: 12 }}>
                    {e.entitySid}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { title: '变更内容', key: 'changes', render: (_, e) => <Changes entry={e} /> },
        ]}
      />
    </Card>
  );
}
