import { DownloadOutlined, SafetyCertificateOutlined, SwapOutlined } from '@ant-design/icons';
import {
  DEMAND_FINAL_WORKING_DAYS,
  DEMAND_STATUS_LABEL,
  DEMAND_TIER_LABEL,
  DemandStatus,
  buyerMayWithdrawDemand,
  demandAwaitsBuyerReview,
  demandAwaitsPayment,
  type TDemand,
  type TDemandDetails,
  type TDesignFile,
} from '@gemstock/contract';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Image,
  Input,
  List,
  Popconfirm,
  Segmented,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { notify } from '@/lib/notify';
import { checkout } from '@/stores/checkout';
import { useDownloadCertificate } from '@/features/records/api/get-certificate';
import {
  getOrder,
  useAcceptDraft,
  useCommentOnDraft,
  useDemandDetails,
  useDownloadDelivery,
  useSendFeedback,
  useWithdrawQuote,
} from '../api/demands';
import { DEMAND_STATUS_COLOR, stageNote } from '../lib/demand-labels';
import { DraftPins, type PinPoint, pinNumbers } from './draft-pins';

function PayAction({ demand }: { demand: TDemand }) {
  const [loading, setLoading] = useState(false);
  if (!demand.orderSid) return null;
  const orderSid = demand.orderSid;
  return (
    <Button
      type="primary"
      loading={loading}
      onClick={() => {
        setLoading(true);
        void getOrder(orderSid)
          .then(({ order }) => checkout.openOrder(order))
          .finally(() => setLoading(false));
      }}
    >
      去支付
    </Button>
  );
}

function Brief({ details }: { details: TDemandDetails }) {
  const { demand } = details;
  const d = demand.detail;
  return (
    <Flex vertical gap={12}>
      {demand.brief ? (
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label="需求描述">{demand.brief.text}</Descriptions.Item>
          {demand.brief.duration !== null && (
            <Descriptions.Item label="视频">
              {demand.brief.duration} 秒 · {demand.brief.aspectRatio}
            </Descriptions.Item>
          )}
        </Descriptions>
      ) : (
        <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
          <Descriptions.Item label="设计方向">{d.direction || '—'}</Descriptions.Item>
          <Descriptions.Item label="风格">{d.style || '—'}</Descriptions.Item>
          <Descriptions.Item label="适用人群">{d.gender || '—'}</Descriptions.Item>
          <Descriptions.Item label="主标题">{d.title || '—'}</Descriptions.Item>
          <Descriptions.Item label="副标题">{d.subTitle || '—'}</Descriptions.Item>
          <Descriptions.Item label="Logo 文件">{d.logoFileName || '—'}</Descriptions.Item>
        </Descriptions>
      )}
      <Image.PreviewGroup>
        <Flex gap={8} wrap>
          {details.material?.thumbUrl && (
            <figure style={{ margin: 0 }}>
              <Image src={details.material.thumbUrl} width={96} height={96} style={{ objectFit: 'cover' }} alt="素材" />
              <figcaption className="gs-caption">素材</figcaption>
            </figure>
          )}
          {demand.productUrl && (
            <figure style={{ margin: 0 }}>
              <Image src={demand.productUrl} width={96} height={96} style={{ objectFit: 'cover' }} alt="产品图" />
              <figcaption className="gs-caption">产品图</figcaption>
            </figure>
          )}
          {demand.logoUrl && (
            <figure style={{ margin: 0 }}>
              <Image src={demand.logoUrl} width={96} height={96} style={{ objectFit: 'contain' }} alt="Logo" />
              <figcaption className="gs-caption">Logo</figcaption>
            </figure>
          )}
          {demand.brief?.references.map((r, i) =>
            r.url ? (
              <figure key={r.key} style={{ margin: 0 }}>
                <Image src={r.url} width={96} height={96} style={{ objectFit: 'cover' }} alt={`参考图 ${i + 1}`} />
                <figcaption className="gs-caption">参考图 {i + 1}</figcaption>
              </figure>
            ) : null,
          )}
        </Flex>
      </Image.PreviewGroup>
    </Flex>
  );
}

/** Two versions side by side (stacked on a phone). */
function CompareVersions({ files }: { files: TDesignFile[] }) {
  const [left, setLeft] = useState(files.at(-2)?.sid ?? files[0]!.sid);
  const [right, setRight] = useState(files.at(-1)!.sid);
  const options = files.map((f) => ({ value: f.sid, label: f.label }));
  const pick = (sid: string) => files.find((f) => f.sid === sid)!;
  return (
    <div className="gs-compare">
      {[
        { value: left, set: setLeft, name: '左侧版本' },
        { value: right, set: setRight, name: '右侧版本' },
      ].map((side) => (
        <Flex key={side.name} vertical gap={8} style={{ flex: 1, minWidth: 0 }}>
          <Select aria-label={side.name} value={side.value} options={options} onChange={side.set} />
          <DraftPins file={pick(side.value)} comments={[]} pending={null} />
        </Flex>
      ))}
    </div>
  );
}

function Drafts({ details }: { details: TDemandDetails }) {
  const { demand } = details;
  const drafts = details.files;
  const [selected, setSelected] = useState<string | null>(null);
  const [comparing, setComparing] = useState(false);
  const [pending, setPending] = useState<PinPoint | null>(null);
  const [note, setNote] = useState('');
  const [message, setMessage] = useState('');
  const comment = useCommentOnDraft(demand.sid);
  const feedback = useSendFeedback(demand.sid);
  const accept = useAcceptDraft(demand.sid);

  if (drafts.length === 0) {
    return <Empty description="设计师还没有上传设计稿" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  }
  const current = drafts.find((f) => f.sid === selected) ?? drafts.at(-1)!;
  const latestDraft = drafts.filter((f) => f.kind === 'draft').at(-1);
  const awaitsReview = demandAwaitsBuyerReview(demand.status);
  const canComment = awaitsReview && demand.revisionsLeft > 0 && current.sid === latestDraft?.sid;
  const onFile = details.comments.filter((c) => c.file === current.sid);
  const numbers = pinNumbers(onFile);

  const addComment = () => {
    comment.mutate(
      { file: current.sid, x: pending?.x ?? null, y: pending?.y ?? null, body: note },
      {
        onSuccess: () => {
          setNote('');
          setPending(null);
        },
      },
    );
  };

  // What the round sends: the notes already added to the latest draft, a note typed but not yet
  // added (it goes with the round rather than being lost), and the general note.
  const typedNote = note.trim() !== '';
  const notesOnDraft = details.comments.filter((c) => c.file === latestDraft?.sid && c.author === 'buyer').length;
  const noteCount = notesOnDraft + (typedNote ? 1 : 0);
  const nothingToSend = noteCount === 0 && message.trim() === '';
  const sendRound = async () => {
    if (typedNote && latestDraft) {
      await comment.mutateAsync({ file: latestDraft.sid, x: pending?.x ?? null, y: pending?.y ?? null, body: note });
      setNote('');
      setPending(null);
    }
    await feedback.mutateAsync(message);
    setMessage('');
    notify.success('修改意见已提交，设计师会在当天回复');
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Segmented
          aria-label="设计稿版本"
          value={current.sid}
          onChange={(v) => {
            setSelected(String(v));
            setPending(null);
          }}
          options={drafts.map((f) => ({ value: f.sid, label: f.label }))}
        />
        {drafts.length > 1 && (
          <Button icon={<SwapOutlined />} onClick={() => setComparing((c) => !c)} aria-pressed={comparing}>
            {comparing ? '退出对比' : '对比版本'}
          </Button>
        )}
      </Flex>
      {comparing ? (
        <CompareVersions files={drafts} />
      ) : (
        <>
          <DraftPins
            file={current}
            comments={onFile}
            pending={canComment ? pending : null}
            onPlace={canComment ? setPending : undefined}
          />
          {onFile.length > 0 && (
            <List
              size="small"
              header={<Typography.Text strong>修改意见</Typography.Text>}
              dataSource={onFile}
              renderItem={(c) => (
                <List.Item>
                  <Space align="start">
                    {numbers.has(c.sid) ? <span className="gs-pin gs-pin-inline">{numbers.get(c.sid)}</span> : null}
                    <span>
                      <Typography.Text type="secondary">
                        {c.author === 'operator' ? `设计师 ${c.authorName}` : c.authorName}：
                      </Typography.Text>
                      {c.body}
                    </span>
                  </Space>
                </List.Item>
              )}
            />
          )}
          {canComment && (
            <Flex vertical gap={8} className="gs-card" style={{ padding: 12 }}>
              <Typography.Text type="secondary">
                {pending ? '已在图上标注位置，写下需要怎么改：' : '先点击图片选择位置（也可不标注，直接写意见）：'}
              </Typography.Text>
              <Input.TextArea
                aria-label="标注内容"
                value={note}
                onChange={(e) => setNote(e.target.value)}
                maxLength={500}
                autoSize={{ minRows: 2, maxRows: 4 }}
                placeholder="例如：Logo 再大一些，放在右上角"
              />
              <Flex gap={8} justify="flex-end">
                {pending && <Button onClick={() => setPending(null)}>取消标注</Button>}
                <Button onClick={addComment} loading={comment.isPending} disabled={note.trim() === ''}>
                  添加标注
                </Button>
              </Flex>
              <Input.TextArea
                aria-label="整体意见"
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                maxLength={500}
                autoSize={{ minRows: 1, maxRows: 3 }}
                placeholder="整体意见（可选）"
              />
              <Popconfirm
                title="提交修改意见？"
                description={
                  <span style={{ display: 'block', maxWidth: 320 }}>
                    {noteCount > 0 ? `${noteCount} 条标注` : ''}
                    {noteCount > 0 && message.trim() !== '' ? '和' : ''}
                    {message.trim() !== '' ? '整体意见' : ''}将发给设计师，使用 1 次修改机会（提交后还剩{' '}
                    {demand.revisionsLeft - 1} 次）。
                    {typedNote ? '“标注内容”里尚未添加的意见也会一并提交。' : ''}
                  </span>
                }
                okText="确认提交"
                cancelText="再看看"
                disabled={nothingToSend}
                onConfirm={() => sendRound().catch(() => undefined)}
              >
                <Button
                  type="primary"
                  loading={feedback.isPending || comment.isPending}
                  onClick={() => {
                    if (nothingToSend) notify.warning('请先在设计稿上标注或填写修改意见');
                  }}
                >
                  提交修改意见（剩余 {demand.revisionsLeft} 次）
                </Button>
              </Popconfirm>
            </Flex>
          )}
          {awaitsReview && current.sid === latestDraft?.sid && (
            <Flex justify="flex-end">
              <Popconfirm
                title="确认以这一稿定稿？"
                description={
                  <span style={{ display: 'block', maxWidth: 320 }}>
                    定稿后不能再提修改意见
                    {demand.revisionsLeft > 0
                      ? `（剩余的 ${demand.revisionsLeft} 次修改将不再使用）`
                      : ''}，设计师将在 {DEMAND_FINAL_WORKING_DAYS} 个工作日内交付最终文件和独家授权证书。
                  </span>
                }
                okText="确认定稿"
                cancelText="再看看"
                onConfirm={() =>
                  accept
                    .mutateAsync()
                    .then(() => notify.success('已定稿，设计师将交付最终文件'))
                    .catch(() => undefined)
                }
              >
                <Button loading={accept.isPending}>满意，确认定稿</Button>
              </Popconfirm>
            </Flex>
          )}
        </>
      )}
    </Flex>
  );
}

function Delivery({ details }: { details: TDemandDetails }) {
  const download = useDownloadDelivery();
  const certificate = useDownloadCertificate();
  const { demand } = details;
  if (demand.status !== DemandStatus.DELIVERED) return null;
  return (
    <Alert
      type="success"
      showIcon
      title="设计已交付"
      description={
        <Flex vertical gap={8}>
          <span>设计成果为贵公司独家授权使用。</span>
          <Space wrap>
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={download.isPending}
              onClick={() => download.mutate(demand.sid)}
            >
              下载设计文件
            </Button>
            {details.certificate && demand.orderSid && demand.material && (
              <Button
                icon={<SafetyCertificateOutlined />}
                loading={certificate.isPending}
                onClick={() => certificate.mutate({ orderSid: demand.orderSid!, materialSid: demand.material! })}
              >
                独家授权证书
              </Button>
            )}
            {details.certificate && (
              <Typography.Link href={details.certificate.verifyUrl} target="_blank" rel="noopener">
                在线核验 {details.certificate.certNo}
              </Typography.Link>
            )}
          </Space>
        </Flex>
      }
    />
  );
}

/** The customization details drawer (spec §2): stage, deadline, drafts with pinned feedback, delivery. */
export function DemandDetailsDrawer({ sid, onClose }: { sid: string | null; onClose: () => void }) {
  const query = useDemandDetails(sid);
  const withdraw = useWithdrawQuote();
  const details = query.data;
  const demand = details?.demand;
  return (
    <Drawer
      open={sid !== null}
      onClose={onClose}
      title={demand ? `${DEMAND_TIER_LABEL[demand.tier]} · 定制详情` : '定制详情'}
      size={720}
      destroyOnHidden
    >
      {query.isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : query.isError || !details || !demand ? (
        <LoadError
          title="定制详情加载失败"
          error={query.error}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : (
        <Flex vertical gap={16}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Space wrap>
              <Tag color={DEMAND_STATUS_COLOR[demand.status]}>{DEMAND_STATUS_LABEL[demand.status]}</Tag>
              <Typography.Text>{stageNote(demand)}</Typography.Text>
            </Space>
            <Space>
              {demandAwaitsPayment(demand.status) && <PayAction demand={demand} />}
              {buyerMayWithdrawDemand(demand.status) && (
                <Popconfirm
                  title="撤回这个定制需求？"
                  description={
                    <span style={{ display: 'block', maxWidth: 300 }}>
                      撤回后需求即取消，不能恢复。尚未报价、未付款，不会产生任何费用；如仍需定制，可重新提交需求。
                    </span>
                  }
                  okText="确认撤回"
                  okButtonProps={{ danger: true }}
                  cancelText="不撤回"
                  onConfirm={() =>
                    withdraw
                      .mutateAsync(demand.sid)
                      .then(() => notify.success('需求已撤回'))
                      .catch(() => undefined)
                  }
                >
                  <Button loading={withdraw.isPending}>撤回需求</Button>
                </Popconfirm>
              )}
            </Space>
          </Flex>
          <Typography.Text type="secondary">
            {demand.designer ? `设计师：${demand.designer} · ` : ''}已修改 {demand.revisionsUsed} 次 · 剩余{' '}
            {demand.revisionsLeft} 次
          </Typography.Text>
          <Delivery details={details} />
          <section aria-label="设计稿">
            <Typography.Title level={5}>设计稿</Typography.Title>
            <Drafts details={details} />
          </section>
          <section aria-label="定制需求">
            <Typography.Title level={5}>定制需求</Typography.Title>
            <Brief details={details} />
          </section>
        </Flex>
      )}
    </Drawer>
  );
}
