import {
  DEMAND_MAX_REVISIONS,
  DEMAND_STATUS_LABEL,
  DEMAND_TIER_LABEL,
  DemandStateMachine,
  type DemandStatus,
  type TAdminDemand,
  type TAdminDemandDetails,
  chinaLastDayBefore,
  demandTurnOf,
  formatYuan,
} from '@gemstock/contract';
import {
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Image,
  List,
  Segmented,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { useAdminDemand, useDemandBoard } from '../api/demands';
import { RefreshButton } from '../components/refresh-button';
import { formatDateTime } from '@/lib/date-time';
import { ScrollTable } from '@/components/scroll-table';
import { DraftPins, pinNumbers } from '@/components/draft-pins';
import { BOARD_FILTER_STATUSES, boardTagColor } from '../lib/demand-labels';
import { oneOf, useAddressQuery } from '../lib/address-query';
import { DemandActions } from '../components/demand-actions';

type StatusFilter = DemandStatus | 'OPEN' | 'OVERDUE' | 'WAITING';
const PAGE_SIZE = 20;
const FILTER_KEYS = ['status', 'overdue', 'waiting'] as const;

/**
 * Whose turn it is and until when, as the board and the drawer show it: the deadline of the
 * designer's or operator's stage (overdue in red), 等待买家 while the buyer acts, and the end
 * state (已交付 / 已取消) when nobody does.
 */
function StageDeadline({ demand }: { demand: TAdminDemand }) {
  const turn = demandTurnOf(demand.status);
  if (turn === 'buyer') {
    return (
      <Typography.Text type="secondary">
        {DemandStateMachine.may('pay', demand.status) ? '等待买家付款' : '等待买家反馈'}
      </Typography.Text>
    );
  }
  if (turn === 'none') return <Typography.Text type="secondary">{DEMAND_STATUS_LABEL[demand.status]}</Typography.Text>;
  if (!demand.stageDeadline) return <Typography.Text>待处理</Typography.Text>;
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text type={demand.overdue ? 'danger' : undefined}>
        {chinaLastDayBefore(new Date(demand.stageDeadline))} 前
      </Typography.Text>
      {demand.overdue && <Tag color="error">已逾期</Tag>}
    </Space>
  );
}

/** A draft with the buyer's pins drawn as numbered markers, and the notes under it with the same numbers. */
function DraftWithNotes({
  details,
  file,
}: {
  details: TAdminDemandDetails;
  file: TAdminDemandDetails['files'][number];
}) {
  const notes = details.comments.filter((c) => c.file === file.sid);
  const numbers = pinNumbers(notes);
  return (
    <Flex gap={12} style={{ width: '100%' }} wrap>
      <div style={{ width: 280, maxWidth: '100%' }}>
        <DraftPins file={file} comments={notes} pending={null} />
      </div>
      <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text strong>
          {file.label} · {formatDateTime(file.createdAt)}
        </Typography.Text>
        {notes.length === 0 && <Typography.Text type="secondary">没有修改意见</Typography.Text>}
        {notes.map((c) => (
          <Space key={c.sid} align="start" size={6}>
            {numbers.has(c.sid) && <span className="gs-pin gs-pin-inline">{numbers.get(c.sid)}</span>}
            <Typography.Text>
              {c.author === 'operator' ? '设计师' : '买家'}：{c.body}
            </Typography.Text>
          </Space>
        ))}
      </Flex>
    </Flex>
  );
}

function DemandDrawer({ sid, onClose }: { sid: string | null; onClose: () => void }) {
  const query = useAdminDemand(sid);
  const d = query.data;
  return (
    <Drawer open={sid !== null} onClose={onClose} size={760} title="定制需求详情" destroyOnHidden>
      {query.isLoading ? (
        <Skeleton active />
      ) : query.isError || !d ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label="类型">{DEMAND_TIER_LABEL[d.demand.tier]}</Descriptions.Item>
            <Descriptions.Item label="状态">{DEMAND_STATUS_LABEL[d.demand.status]}</Descriptions.Item>
            <Descriptions.Item label="公司">{d.demand.company ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="提交人">{d.demand.requestedBy}</Descriptions.Item>
            <Descriptions.Item label="订单号">{d.demand.orderNo ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="阶段期限">
              <StageDeadline demand={d.demand} />
            </Descriptions.Item>
            {d.demand.quotePrice !== null && (
              <Descriptions.Item label="报价">
                {formatYuan(d.demand.quotePrice)} · {d.demand.quoteLeadDays} 个工作日
              </Descriptions.Item>
            )}
            <Descriptions.Item label="修改次数">
              已用 {d.demand.revisionsUsed} / 剩余 {d.demand.revisionsLeft}
            </Descriptions.Item>
          </Descriptions>
          <DemandActions demand={d.demand} />
          <Card size="small" title="买家需求">
            <Flex vertical gap={8}>
              {d.demand.brief ? (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{d.demand.brief.text}</Typography.Paragraph>
              ) : (
                <Typography.Text>
                  {[d.demand.detail.direction, d.demand.detail.style, d.demand.detail.gender]
                    .filter(Boolean)
                    .join(' · ') || '—'}
                  {d.demand.detail.title ? ` ｜ 主标题：${d.demand.detail.title}` : ''}
                  {d.demand.detail.subTitle ? ` ｜ 副标题：${d.demand.detail.subTitle}` : ''}
                </Typography.Text>
              )}
              <Image.PreviewGroup>
                <Space wrap>
                  {d.material?.thumbUrl && <Image src={d.material.thumbUrl} width={96} alt="素材" />}
                  {d.demand.productUrl && <Image src={d.demand.productUrl} width={96} alt="产品图" />}
                  {d.demand.logoUrl && <Image src={d.demand.logoUrl} width={96} alt="Logo" />}
                  {d.demand.brief?.references.map((r, i) =>
                    r.url ? <Image key={r.key} src={r.url} width={96} alt={`参考图 ${i + 1}`} /> : null,
                  )}
                </Space>
              </Image.PreviewGroup>
            </Flex>
          </Card>
          <Card size="small" title="设计稿与反馈">
            {d.files.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未上传设计稿" />
            ) : (
              <List
                dataSource={d.files}
                renderItem={(f) => (
                  <List.Item>
                    <DraftWithNotes details={d} file={f} />
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Flex>
      )}
    </Drawer>
  );
}

/**
 * The demand board: custom design work by the deadline of its current stage (the most urgent
 * first), overdue work highlighted. Operators assign designers, upload drafts and finals, record
 * that feedback was answered, and price super and AI-video requests.
 */
export function DemandsPage() {
  // The filter lives in the address so 今日待办's 已超期 link (and a reload) opens the board filtered.
  const { params, paging, update } = useAddressQuery(FILTER_KEYS);
  const status = oneOf(BOARD_FILTER_STATUSES, params.get('status'));
  const overdue = params.get('overdue') === 'true';
  const waiting = params.get('waiting') === 'true';
  const filter: StatusFilter = overdue ? 'OVERDUE' : waiting ? 'WAITING' : (status ?? 'OPEN');
  const page = paging.page;
  const [open, setOpen] = useState<string | null>(null);
  const query = useDemandBoard({
    status,
    overdue: overdue ? 'true' : undefined,
    waiting: waiting ? 'true' : undefined,
    page,
    page_size: PAGE_SIZE,
  });

  const columns: ColumnsType<TAdminDemand> = [
    {
      title: '阶段期限',
      dataIndex: 'stageDeadline',
      width: 150,
      render: (_: string | null, d) => <StageDeadline demand={d} />,
    },
    {
      title: '需求',
      key: 'demand',
      render: (_, d) => (
        <Space orientation="vertical" size={0}>
          <Space>
            <Tag>{DEMAND_TIER_LABEL[d.tier]}</Tag>
            <Tag color={boardTagColor(d.status)}>{DEMAND_STATUS_LABEL[d.status]}</Tag>
          </Space>
          <Typography.Text type="secondary">
            {d.company ?? '—'} · {d.requestedBy}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '设计师', dataIndex: 'designer', width: 120, render: (v: string | null) => v ?? '未指派' },
    { title: '修改', key: 'rev', width: 90, render: (_, d) => `${d.revisionsUsed} / ${DEMAND_MAX_REVISIONS}` },
    { title: '提交时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: '操作',
      key: 'op',
      width: 100,
      render: (_, d) => (
        <Button type="link" onClick={() => setOpen(d.sid)} aria-label={`处理定制需求 ${d.sid}`}>
          处理
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" wrap gap={8}>
        <Segmented
          aria-label="状态筛选"
          value={filter}
          onChange={(v) => {
            const next = v as StatusFilter;
            const special = next === 'OPEN' || next === 'OVERDUE' || next === 'WAITING';
            update({
              status: special ? undefined : next,
              overdue: next === 'OVERDUE' ? 'true' : undefined,
              waiting: next === 'WAITING' ? 'true' : undefined,
            });
          }}
          options={[
            { value: 'OPEN', label: '全部' },
            { value: 'WAITING', label: '待我方处理' },
            { value: 'OVERDUE', label: '已逾期' },
            ...BOARD_FILTER_STATUSES.map((s) => ({
              value: s,
              label: DEMAND_STATUS_LABEL[s],
            })),
          ]}
        />
        <RefreshButton query={query} />
      </Flex>
      <ScrollTable
        regionLabel="定制需求列表"
        rowKey="sid"
        size="middle"
        loading={query.isLoading}
        loadState={query}
        columns={columns}
        dataSource={query.data?.demands ?? []}
        rowClassName={(d) => (d.overdue ? 'gs-row-overdue' : '')}
        pagination={false}
        scroll={{ x: 800 }}
        locale={{ emptyText: <Empty description="暂无定制需求" /> }}
      />
      <Flex justify="flex-end" gap={8}>
        <Button disabled={page === 1} onClick={() => update({ page: page - 1 })}>
          上一页
        </Button>
        <Button disabled={!query.data?.hasMore} onClick={() => update({ page: page + 1 })}>
          下一页
        </Button>
      </Flex>
      <DemandDrawer sid={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}
