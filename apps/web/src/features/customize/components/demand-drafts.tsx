import { SwapOutlined } from '@ant-design/icons';
import {
  DEMAND_FINAL_WORKING_DAYS,
  DESIGN_TEXT_MAX,
  DemandStateMachine,
  type TDemandDetails,
  type TDesignFile,
} from '@gemstock/contract';
import { Button, Empty, Flex, Input, List, Popconfirm, Segmented, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { OverLimit } from '@/components/over-limit';
import { tooLongMessage } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useAcceptDraft, useCommentOnDraft, useSendFeedback } from '../api/demands';
import { DraftPins, type PinPoint, pinNumbers } from '@/components/draft-pins';

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

/**
 * The drafts of a demand for the buyer: each version with its pinned notes, two versions side by
 * side, and while the latest draft waits for the buyer, pins, a message, 提交修改意见 and 确认定稿.
 */
export function Drafts({ details }: { details: TDemandDetails }) {
  const { demand } = details;
  const drafts = details.files;
  const [selected, setSelected] = useState<string | null>(null);
  const [comparing, setComparing] = useState(false);
  const [pending, setPending] = useState<PinPoint | null>(null);
  const [note, setNote] = useState('');
  const [message, setMessage] = useState('');
  const noteTooLong = tooLongMessage(note, DESIGN_TEXT_MAX.comment, '标注内容');
  const messageTooLong = tooLongMessage(message, DESIGN_TEXT_MAX.feedback, '整体意见');
  const tooLong = noteTooLong ?? messageTooLong;
  const comment = useCommentOnDraft(demand.sid);
  const feedback = useSendFeedback(demand.sid);
  const accept = useAcceptDraft(demand.sid);

  if (drafts.length === 0) {
    return <Empty description="设计师还没有上传设计稿" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  }
  const current = drafts.find((f) => f.sid === selected) ?? drafts.at(-1)!;
  const latestDraft = drafts.filter((f) => f.kind === 'draft').at(-1);
  const awaitsReview = DemandStateMachine.may('accept', demand.status);
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
  const cannotSend = nothingToSend || tooLong !== undefined;
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
                count={{ show: true, max: DESIGN_TEXT_MAX.comment }}
                status={noteTooLong ? 'error' : undefined}
                autoSize={{ minRows: 2, maxRows: 4 }}
                placeholder="例如：Logo 再大一些，放在右上角"
              />
              <OverLimit message={noteTooLong} />
              <Flex gap={8} justify="flex-end">
                {pending && <Button onClick={() => setPending(null)}>取消标注</Button>}
                <Button
                  onClick={addComment}
                  loading={comment.isPending}
                  disabled={note.trim() === '' || noteTooLong !== undefined}
                >
                  添加标注
                </Button>
              </Flex>
              <Input.TextArea
                aria-label="整体意见"
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                count={{ show: true, max: DESIGN_TEXT_MAX.feedback }}
                status={messageTooLong ? 'error' : undefined}
                autoSize={{ minRows: 1, maxRows: 3 }}
                placeholder="整体意见（可选）"
              />
              <OverLimit message={messageTooLong} />
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
                disabled={cannotSend}
                onConfirm={() => sendRound().catch(() => undefined)}
              >
                <Button
                  type="primary"
                  loading={feedback.isPending || comment.isPending}
                  onClick={() => {
                    if (tooLong) notify.warning(tooLong);
                    else if (nothingToSend) notify.warning('请先在设计稿上标注或填写修改意见');
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
