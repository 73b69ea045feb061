import { UploadOutlined } from '@ant-design/icons';
import {
  DEMAND_FINAL_WORKING_DAYS,
  DESIGN_FILE_TYPES,
  DemandStateMachine,
  type DesignFileKind,
  DESIGN_MESSAGES,
  DESIGN_TEXT_MAX,
  type TAdminDemand,
  type TAdminDemandDetails,
  formatYuan,
} from '@gemstock/contract';
import { Button, Flex, Input, InputNumber, Modal, Popconfirm, Progress, Select, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { OverLimit } from '@/components/over-limit';
import { formatDateTime } from '@/lib/date-time';
import { tooLongMessage } from '@/lib/form';
import { notify } from '@/lib/notify';
import {
  uploadDesignFile,
  useAnswerFeedback,
  useAssignDesigner,
  useCancelDemand,
  useDesigners,
  usePriceQuote,
} from '../api/demands';

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
            : DemandStateMachine.may('accept', details.demand.status)
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

/**
 * What an operator may do with a demand where it stands, read from the demand machine: assign a
 * designer, upload drafts and the final files, record that feedback was answered, price a quote
 * request, cancel.
 */
export function DemandActions({ demand }: { demand: TAdminDemand }) {
  const designers = useDesigners(true);
  const assign = useAssignDesigner();
  const answer = useAnswerFeedback();
  const price = usePriceQuote();
  const cancel = useCancelDemand();
  const [reply, setReply] = useState('');
  const [quote, setQuote] = useState<{ yuan: number | null; days: number | null }>({ yuan: null, days: 5 });
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const replyTooLong = tooLongMessage(reply, DESIGN_TEXT_MAX.reply, '回复');
  const reasonTooLong = tooLongMessage(reason, DESIGN_TEXT_MAX.cancelReason, '取消原因');
  const quoteCents = Math.round((quote.yuan ?? 0) * 100);
  const lastRevision = demand.revisionsLeft === 0;
  const can = DemandStateMachine.capabilities(demand.status);

  return (
    <Flex vertical gap={12}>
      {(can.assign || can.reassign) && (
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
      {can.putUpDraft && (
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
      {can.deliver && <FileUploadButton demand={demand} kind="final" label="上传最终文件" />}
      {can.answerFeedback && (
        <Flex vertical gap={8} className="gs-card" style={{ padding: 12 }}>
          <Typography.Text>
            买家已提交修改意见
            {demand.feedbackAnsweredAt ? `，已于 ${formatDateTime(demand.feedbackAnsweredAt)} 回复` : '，请当天回复'}
          </Typography.Text>
          <Input.TextArea
            aria-label="回复买家"
            value={reply}
            onChange={(e) => setReply(e.target.value)}
            count={{ show: true, max: DESIGN_TEXT_MAX.reply }}
            status={replyTooLong ? 'error' : undefined}
            autoSize={{ minRows: 1, maxRows: 3 }}
            placeholder="回复内容（可选），例如：收到，今天调整"
          />
          <OverLimit message={replyTooLong} />
          <Button
            loading={answer.isPending}
            disabled={replyTooLong !== undefined}
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
      {can.quote && (
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
      {can.cancel && (
        <Button danger onClick={() => setCancelling(true)} style={{ alignSelf: 'flex-start' }}>
          取消定制
        </Button>
      )}
      <Modal
        open={cancelling}
        title="取消定制需求"
        okText="确认取消"
        okButtonProps={{
          danger: true,
          loading: cancel.isPending,
          disabled: reason.trim() === '' || reasonTooLong !== undefined,
        }}
        cancelText="返回"
        onCancel={() => setCancelling(false)}
        onOk={() =>
          cancel.mutate(
            { sid: demand.sid, reason },
            {
              onSuccess: () => {
                setCancelling(false);
                // a request not yet priced took no money; paid work is refunded by hand
                notify.success(can.quote ? '已取消' : '已取消，请按流程为买家退款');
              },
            },
          )
        }
      >
        <Input.TextArea
          aria-label="取消原因（买家可见）"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          count={{ show: true, max: DESIGN_TEXT_MAX.cancelReason }}
          status={reasonTooLong ? 'error' : undefined}
          autoSize={{ minRows: 2 }}
        />
        <OverLimit message={reasonTooLong} />
      </Modal>
    </Flex>
  );
}
