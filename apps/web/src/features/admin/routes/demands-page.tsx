import { UploadOutlined } from '@ant-design/icons';
import {
  DEMAND_FINAL_WORKING_DAYS,
  DEMAND_MAX_REVISIONS,
  DEMAND_STATUS_LABEL,
  DEMAND_STATUS_VALUES,
  DEMAND_TIER_LABEL,
  DESIGN_FILE_TYPES,
  DemandStatus,
  type DesignFileKind,
  DESIGN_MESSAGES,
  type TAdminDemand,
  type TAdminDemandDetails,
  chinaLastDayBefore,
  demandAwaitsBuyerReview,
  demandAwaitsPayment,
  demandAwaitsQuote,
  demandTakesDesigner,
  demandTakesDraft,
  demandTakesFinal,
  demandTurnOf,
  formatYuan,
  operatorMayCancelDemand,
} from '@gemstock/contract';
import {
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Image,
  Input,
  InputNumber,
  List,
  Modal,
  Popconfirm,
  Progress,
  Segmented,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
  Upload,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { notify } from '@/lib/notify';
import {
  uploadDesignFile,
  useAdminDemand,
  useAnswerFeedback,
  useAssignDesigner,
  useCancelDemand,
  useDemandBoard,
  useDesigners,
  usePriceQuote,
} from '../api/demands';
import { RefreshButton } from '../components/refresh-button';
import { formatDateTime } from '@/lib/date-time';
import { ScrollTable } from '@/components/scroll-table';
import { DraftPins, pinNumbers } from '@/features/customize/components/draft-pins';

type StatusFilter = DemandStatus | 'OPEN' | 'OVERDUE';
const PAGE_SIZE = 20;

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}

/**
 * 上传初稿 / 上传修改稿 / 上传最终文件, with the upload's progress. A file of a type the server
 * refuses is refused here before a byte is sent; the final delivery (irreversible: the buyer is
 * told, gets the file and the exclusive certificate) is confirmed with the file's name first.
 */
function FileUploadButton({
  demand,
  kind,
  label,
  hint,
}: {
  demand: TAdminDemand;
  kind: DesignFileKind;
  label: string;
  hint?: string;
}) {
  const [percent, setPercent] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<File | null>(null);
  const start = (file: File) => {
    setPercent(0);
    uploadDesignFile(demand.sid, kind, file, { onProgress: (p) => setPercent(p.percent) })
      .then((details: TAdminDemandDetails) => {
        notify.success(
          kind === 'final'
            ? '上传成功，已交付并通知买家'
            : demandAwaitsBuyerReview(details.demand.status)
              ? '上传成功，设计稿已通知买家反馈'
              : '上传成功，修改次数已用完，请在期限内上传最终文件',
        );
      })
      .catch(() => undefined) // the API client has shown why
      .finally(() => setPercent(null));
  };
  return (
    <Flex vertical gap={4}>
      <Upload
        accept={DESIGN_FILE_TYPES.join(',')}
        showUploadList={false}
        disabled={percent !== null}
        beforeUpload={(file) => {
          if (!(DESIGN_FILE_TYPES as readonly string[]).includes(file.type)) {
            notify.error(DESIGN_MESSAGES.fileType);
          } else if (kind === 'final') {
            setConfirming(file);
          } else {
            start(file);
          }
          // The upload is ours (progress, confirmation); antd's own request never runs.
          return Upload.LIST_IGNORE;
        }}
      >
        <Button type={kind === 'final' ? 'primary' : 'default'} icon={<UploadOutlined />} loading={percent !== null}>
          {label}
        </Button>
      </Upload>
      {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
      {percent !== null && <Progress percent={percent} size="small" aria-label={`${label}进度`} />}
      <Modal
        open={confirming !== null}
        title="确认交付最终文件？"
        okText="确认交付"
        cancelText="返回"
        onCancel={() => setConfirming(null)}
        onOk={() => {
          const file = confirming;
          setConfirming(null);
          if (file) start(file);
        }}
      >
        {confirming && (
          <Flex vertical gap={8}>
            <Typography.Text>
              文件：<Typography.Text strong>{confirming.name}</Typography.Text>（{megabytes(confirming.size)}）
            </Typography.Text>
            <Typography.Text>
              交付给 {demand.company ?? demand.requestedBy}
              ：买家会收到交付通知，可在“定制记录”中下载这个文件，并获得该设计的独家授权证书。
            </Typography.Text>
            <Typography.Text type="warning">交付后不能撤回，也不能更换文件。</Typography.Text>
          </Flex>
        )}
      </Modal>
    </Flex>
  );
}

function DemandActions({ demand }: { demand: TAdminDemand }) {
  const designers = useDesigners(true);
  const assign = useAssignDesigner();
  const answer = useAnswerFeedback();
  const price = usePriceQuote();
  const cancel = useCancelDemand();
  const [reply, setReply] = useState('');
  const [quote, setQuote] = useState<{ yuan: number | null; days: number | null }>({ yuan: null, days: 5 });
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const quoteCents = Math.round((quote.yuan ?? 0) * 100);
  const lastRevision = demand.revisionsLeft === 0;

  return (
    <Flex vertical gap={12}>
      {demandTakesDesigner(demand.status) && (
        <Space wrap>
          <Typography.Text>设计师</Typography.Text>
          <Select
            aria-label="指派设计师"
            style={{ minWidth: 180 }}
            placeholder="选择设计师"
            loading={designers.isLoading || assign.isPending}
            value={undefined}
            options={designers.data?.designers.map((d) => ({ value: d.sid, label: d.name }))}
            onChange={(designer: string) =>
              assign.mutate({ sid: demand.sid, designer }, { onSuccess: () => notify.success('已指派设计师') })
            }
          />
          <Typography.Text type="secondary">当前：{demand.designer ?? '未指派'}</Typography.Text>
        </Space>
      )}
      {demandTakesDraft(demand.status) && (
        <FileUploadButton
          demand={demand}
          kind="draft"
          label={demand.revisionsUsed > 0 ? '上传修改稿' : '上传初稿'}
          hint={
            lastRevision
              ? `这是最后一次修改稿：上传后设计定稿，请在 ${DEMAND_FINAL_WORKING_DAYS} 个工作日内上传最终文件`
              : undefined
          }
        />
      )}
      {demandTakesFinal(demand.status) && <FileUploadButton demand={demand} kind="final" label="上传最终文件" />}
      {demand.status === DemandStatus.REVISING && (
        <Flex vertical gap={8} className="gs-card" style={{ padding: 12 }}>
          <Typography.Text>
            买家已提交修改意见
            {demand.feedbackAnsweredAt ? `，已于 ${formatDateTime(demand.feedbackAnsweredAt)} 回复` : '，请当天回复'}
          </Typography.Text>
          <Input.TextArea
            aria-label="回复买家"
            value={reply}
            onChange={(e) => setReply(e.target.value)}
            maxLength={500}
            autoSize={{ minRows: 1, maxRows: 3 }}
            placeholder="回复内容（可选），例如：收到，今天调整"
          />
          <Button
            loading={answer.isPending}
            onClick={() =>
              answer.mutate(
                { sid: demand.sid, reply },
                {
                  onSuccess: () => {
                    setReply('');
                    notify.success('已记录回复');
                  },
                },
              )
            }
          >
            记录已回复
          </Button>
        </Flex>
      )}
      {demandAwaitsQuote(demand.status) && (
        <Flex gap={8} wrap align="center" className="gs-card" style={{ padding: 12 }}>
          <InputNumber
            aria-label="报价（元）"
            addonAfter="元"
            min={1}
            precision={2}
            value={quote.yuan}
            onChange={(v) => setQuote((q) => ({ ...q, yuan: v }))}
          />
          <InputNumber
            aria-label="交付周期（工作日）"
            addonAfter="个工作日"
            min={1}
            max={30}
            precision={0}
            value={quote.days}
            onChange={(v) => setQuote((q) => ({ ...q, days: v }))}
          />
          <Popconfirm
            title={`确认向买家报价 ${formatYuan(quoteCents)}？`}
            description={
              <span style={{ display: 'block', maxWidth: 320 }}>
                {demand.company ?? demand.requestedBy} 将收到报价通知，并在“我的订单”中支付 {formatYuan(quoteCents)}
                ；付款后 {quote.days ?? '—'} 个工作日内交付初稿。发送后不能修改报价。
              </span>
            }
            okText="发送报价"
            cancelText="返回"
            disabled={!quote.yuan || !quote.days}
            onConfirm={() =>
              price
                .mutateAsync({ sid: demand.sid, price: quoteCents, lead_days: quote.days ?? 0 })
                .then(() => notify.success('已报价，已通知买家付款'))
                .catch(() => undefined)
            }
          >
            <Button type="primary" loading={price.isPending} disabled={!quote.yuan || !quote.days}>
              发送报价
            </Button>
          </Popconfirm>
        </Flex>
      )}
      {operatorMayCancelDemand(demand.status) && (
        <Button danger onClick={() => setCancelling(true)} style={{ alignSelf: 'flex-start' }}>
          取消定制
        </Button>
      )}
      <Modal
        open={cancelling}
        title="取消定制需求"
        okText="确认取消"
        okButtonProps={{ danger: true, loading: cancel.isPending, disabled: reason.trim() === '' }}
        cancelText="返回"
        onCancel={() => setCancelling(false)}
        onOk={() =>
          cancel.mutate(
            { sid: demand.sid, reason },
            {
              onSuccess: () => {
                setCancelling(false);
                notify.success(demandAwaitsQuote(demand.status) ? '已取消' : '已取消，请按流程为买家退款');
              },
            },
          )
        }
      >
        <Input.TextArea
          aria-label="取消原因（买家可见）"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={200}
          autoSize={{ minRows: 2 }}
        />
      </Modal>
    </Flex>
  );
}

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
        {demandAwaitsPayment(demand.status) ? '等待买家付款' : '等待买家反馈'}
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
  const [filter, setFilter] = useState<StatusFilter>('OPEN');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const query = useDemandBoard({
    status: filter === 'OPEN' || filter === 'OVERDUE' ? undefined : filter,
    overdue: filter === 'OVERDUE' ? 'true' : undefined,
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
            <Tag color={d.status === DemandStatus.DELIVERED ? 'success' : 'processing'}>
              {DEMAND_STATUS_LABEL[d.status]}
            </Tag>
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
            setFilter(v as StatusFilter);
            setPage(1);
          }}
          options={[
            { value: 'OPEN', label: '全部' },
            { value: 'OVERDUE', label: '已逾期' },
            ...DEMAND_STATUS_VALUES.filter((s) => s !== DemandStatus.CREATED).map((s) => ({
              value: s,
              label: DEMAND_STATUS_LABEL[s],
            })),
          ]}
        />
        <RefreshButton query={query} />
      </Flex>
      {query.isError && !query.data ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
      ) : (
        <ScrollTable
          regionLabel="定制需求列表"
          rowKey="sid"
          size="middle"
          loading={query.isLoading}
          columns={columns}
          dataSource={query.data?.demands ?? []}
          rowClassName={(d) => (d.overdue ? 'gs-row-overdue' : '')}
          pagination={false}
          scroll={{ x: 800 }}
          locale={{ emptyText: <Empty description="暂无定制需求" /> }}
        />
      )}
      <Flex justify="flex-end" gap={8}>
        <Button disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
          上一页
        </Button>
        <Button disabled={!query.data?.hasMore} onClick={() => setPage((p) => p + 1)}>
          下一页
        </Button>
      </Flex>
      <DemandDrawer sid={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}
