import { BOARD_LIMITS, BOARD_MESSAGES } from '@gemstock/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Alert, Empty, SkeletonText } from '@/components/ui/feedback';
import { TextField } from '@/components/ui/field';
import { Sheet } from '@/components/ui/sheet';
import { formatDateTime, tooLongMessage } from '@/lib/form';
import { useBoardComments, useCommentOnBoard } from '../api/boards';
import './board-sheets.css';

interface CommentsDrawerProps {
  board: string;
  material: { sid: string; title: string } | null;
  onClose: () => void;
}

/**
 * The comments on one material of the board, with who wrote each and when: a panel at the right
 * of a computer's screen, a sheet rising from the bottom of a phone's.
 */
export function CommentsDrawer({ board, material, onClose }: CommentsDrawerProps) {
  const comments = useBoardComments(board, material?.sid ?? null);
  const send = useCommentOnBoard(board);
  const formId = useId();
  const [text, setText] = useState('');
  const tooLong = tooLongMessage(text, BOARD_LIMITS.commentMax, '', BOARD_MESSAGES.commentMax);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!material || !text.trim() || tooLong || send.isPending) return;
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
  if (comments.isPending) body = <SkeletonText rows={4} />;
  else if (comments.isError)
    body = (
      <Alert
        type="error"
        action={
          <Button size="small" loading={comments.isFetching} onClick={() => void comments.refetch()}>
            重试
          </Button>
        }
      >
        评论加载失败
      </Alert>
    );
  else if (comments.data.comments.length === 0) body = <Empty description="还没有评论" />;
  else
    body = (
      <ul className="gs-board-comments" aria-label="评论">
        {comments.data.comments.map((c) => (
          <li key={c.sid} className="gs-board-comment">
            <div className="gs-board-comment__head">
              <span className="gs-board-comment__author">
                {c.authorName || '同事'}
                {c.mine ? '（我）' : ''}
              </span>
              <time className="gs-text-secondary" dateTime={c.createdAt}>
                {formatDateTime(c.createdAt)}
              </time>
            </div>
            <p className="gs-board-comment__body">{c.body}</p>
          </li>
        ))}
      </ul>
    );

  return (
    <Sheet
      open={material !== null}
      title={material ? `评论：${material.title}` : '评论'}
      className="gs-board-drawer"
      onClose={onClose}
      footer={
        <form id={formId} onSubmit={submit} noValidate>
          <TextField
            multiline
            id={`${formId}-body`}
            label="评论内容"
            rows={3}
            limit={BOARD_LIMITS.commentMax}
            value={text}
            error={tooLong}
            placeholder="写下你的看法，同事都能看到（Ctrl+Enter 发送）"
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
            }}
          />
          <Button
            kind="primary"
            type="submit"
            block
            loading={send.isPending}
            disabled={!text.trim() || tooLong !== undefined}
          >
            发送
          </Button>
        </form>
      }
    >
      {body}
    </Sheet>
  );
}
