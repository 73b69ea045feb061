import { BOARD_LIMITS, BOARD_MESSAGES } from '@gemstock/contract';
import { Button, Drawer, Empty, Input, List, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { OverLimit } from '@/components/over-limit';
import { formatDateTime, tooLongMessage } from '@/lib/form';
import { useBoardComments, useCommentOnBoard } from '../api/boards';

interface CommentsDrawerProps {
  board: string;
  material: { sid: string; title: string } | null;
  onClose: () => void;
}

/** The comments on one material of the board, with who wrote each and when. */
export function CommentsDrawer({ board, material, onClose }: CommentsDrawerProps) {
  const comments = useBoardComments(board, material?.sid ?? null);
  const send = useCommentOnBoard(board);
  const [text, setText] = useState('');
  const tooLong = tooLongMessage(text, BOARD_LIMITS.commentMax, '', BOARD_MESSAGES.commentMax);
  const submit = () => {
    if (!material || !text.trim() || tooLong) return;
    send.mutate(
      { material: material.sid, body: text.trim() },
      {
        onSuccess: () => {
          setText('');
          void comments.refetch();
        },
      },
    );
  };
  let body;
  if (comments.isPending) body = <Skeleton active />;
  else if (comments.isError)
    body = (
      <Result
        status="warning"
        title="评论加载失败"
        extra={
          <Button loading={comments.isFetching} onClick={() => void comments.refetch()}>
            重试
          </Button>
        }
      />
    );
  else if (comments.data.comments.length === 0) body = <Empty description="还没有评论" />;
  else
    body = (
      <List
        aria-label="评论"
        dataSource={comments.data.comments}
        renderItem={(c) => (
          <List.Item>
            <List.Item.Meta
              title={
                <span>
                  {c.authorName || '同事'}
                  {c.mine ? '（我）' : ''}{' '}
                  <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 12 }}>
                    {formatDateTime(c.createdAt)}
                  </Typography.Text>
                </span>
              }
              description={<span style={{ whiteSpace: 'pre-wrap', color: 'inherit' }}>{c.body}</span>}
            />
          </List.Item>
        )}
      />
    );
  return (
    <Drawer
      open={material !== null}
      onClose={onClose}
      title={material ? `评论：${material.title}` : '评论'}
      size="default"
      styles={{ wrapper: { maxWidth: '100vw' } }}
      footer={
        <div>
          <Input.TextArea
            aria-label="评论内容"
            value={text}
            onChange={(e) => setText(e.target.value)}
            count={{ show: true, max: BOARD_LIMITS.commentMax }}
            status={tooLong ? 'error' : undefined}
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder="写下你的看法，同事都能看到（Ctrl+Enter 发送）"
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
            }}
          />
          <OverLimit message={tooLong} />
          <Button
            type="primary"
            block
            style={{ marginTop: 12 }}
            loading={send.isPending}
            disabled={!text.trim() || tooLong !== undefined}
            onClick={submit}
          >
            发送
          </Button>
        </div>
      }
    >
      {body}
    </Drawer>
  );
}
