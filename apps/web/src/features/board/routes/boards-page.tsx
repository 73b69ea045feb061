import { BOARD_LIMITS, type TBoardSummary } from '@gemstock/contract';
import { lazy, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Empty, SkeletonText } from '@/components/ui/feedback';
import { Icon } from '@/components/ui/icon';
import { PlusOutlined } from '@/components/ui/icon-paths';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { countText, pagedTotal, usePageCursors } from '@/lib/list-pages';
import { notify } from '@/lib/notify';
import { BOARDS_PAGE_SIZE, useBoards, useCreateBoard, useRemoveBoard, useRenameBoard } from '../api/boards';
import { ConfirmSheet } from '../components/confirm-sheet';
import { DialogSlot } from '../components/dialog-slot';
import './boards.css';

// the name form loads when 新建 or 重命名 is first pressed: the list comes first
const BoardNameModal = lazy(async () => ({ default: (await import('../components/board-name-modal')).BoardNameModal }));

function BoardCard({
  board,
  onRename,
  onRemove,
}: {
  board: TBoardSummary;
  onRename: (board: TBoardSummary) => void;
  onRemove: (board: TBoardSummary) => void;
}) {
  return (
    <li className="gs-board-card gs-board-card--hoverable">
      <Link
        to={paths.user.boardOf(board.sid)}
        className="gs-board-card__covers"
        aria-label={`打开收藏夹「${board.name}」`}
        tabIndex={-1}
      >
        {board.covers.length ? (
          board.covers.map((url) => <img key={url} src={url} alt="" loading="lazy" />)
        ) : (
          <span className="gs-board-card__empty">暂无素材</span>
        )}
      </Link>
      <div className="gs-board-card__body">
        <h3 className="gs-board-card__title">
          <Link to={paths.user.boardOf(board.sid)}>{board.name}</Link>
        </h3>
        <div className="gs-text-secondary">
          {board.itemCount} 个素材 · {board.creatorName} 创建
        </div>
      </div>
      <div className="gs-board-card__actions">
        {board.editable ? (
          <>
            <Button kind="text" aria-label={`重命名「${board.name}」`} onClick={() => onRename(board)}>
              重命名
            </Button>
            <Button
              kind="text"
              className="gs-board-text-danger"
              aria-label={`删除「${board.name}」`}
              onClick={() => onRemove(board)}
            >
              删除
            </Button>
          </>
        ) : (
          <span className="gs-board-card__note gs-text-secondary">仅创建者和主账号可修改</span>
        )}
      </div>
    </li>
  );
}

/** /user/board — 团队收藏夹: the company's boards, shared by the main account and its sub-accounts. */
export default function BoardsPage() {
  const [page, setPage] = useState(1);
  const cursors = usePageCursors('boards');
  const boards = useBoards(page, cursors.cursorOf(page));
  const create = useCreateBoard();
  const rename = useRenameBoard();
  const remove = useRemoveBoard();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<TBoardSummary | null>(null);
  const [removing, setRemoving] = useState<TBoardSummary | null>(null);
  const total = boards.data ? pagedTotal(boards.data, page, BOARDS_PAGE_SIZE) : 0;
  const goTo = (next: number) => {
    cursors.remember(page, next, boards.data && !boards.isPlaceholderData ? boards.data.nextCursor : null);
    setPage(next);
  };

  let body;
  if (boards.isPending) body = <SkeletonText rows={6} />;
  else if (boards.isError)
    body = (
      <LoadError
        title="收藏夹加载失败"
        error={boards.error}
        onRetry={() => void boards.refetch()}
        isRetrying={boards.isFetching}
      />
    );
  else if (boards.data.boards.length === 0)
    body = (
      <Empty description="还没有收藏夹。新建一个，再在素材详情页点“加入收藏夹”">
        <Button kind="primary" onClick={() => setCreating(true)}>
          新建收藏夹
        </Button>
      </Empty>
    );
  else
    body = (
      <>
        <ul className="gs-board-grid" aria-label="公司的收藏夹" aria-busy={boards.isPlaceholderData || undefined}>
          {boards.data.boards.map((board) => (
            <BoardCard key={board.sid} board={board} onRename={setRenaming} onRemove={setRemoving} />
          ))}
        </ul>
        {total > BOARDS_PAGE_SIZE && (
          <div className="gs-board-pages">
            <Pagination current={page} pageSize={BOARDS_PAGE_SIZE} total={total} onChange={goTo} />
          </div>
        )}
      </>
    );

  return (
    <section className="gs-card gs-board-section">
      <div className="gs-board-section__head">
        <h5 className="gs-board-section__title">团队收藏夹</h5>
        <span className="gs-board-head-extra">
          {boards.data && (
            <span className="gs-text-secondary">
              {countText(boards.data.total, boards.data.totalCapped, '个收藏夹')}（最多 {BOARD_LIMITS.boardsPerCompany}{' '}
              个）
            </span>
          )}
          <Button kind="primary" icon={<Icon icon={PlusOutlined} />} onClick={() => setCreating(true)}>
            新建收藏夹
          </Button>
        </span>
      </div>
      <p className="gs-text-secondary gs-board-intro">
        主账号和子账号共享收藏夹，可一起挑选素材、排序、评论，并一键加入购物车。
      </p>
      {body}
      <DialogSlot when={creating}>
        <BoardNameModal
          open={creating}
          title="新建收藏夹"
          saving={create.isPending}
          onClose={() => setCreating(false)}
          onSave={(name) =>
            create.mutate(name, {
              onSuccess: () => {
                notify.success('已新建收藏夹');
                setCreating(false);
              },
            })
          }
        />
      </DialogSlot>
      <DialogSlot when={renaming !== null}>
        <BoardNameModal
          open={renaming !== null}
          title="重命名收藏夹"
          initial={renaming?.name ?? ''}
          saving={rename.isPending}
          onClose={() => setRenaming(null)}
          onSave={(name) =>
            renaming &&
            rename.mutate(
              { sid: renaming.sid, name },
              {
                onSuccess: () => {
                  notify.success('已重命名');
                  setRenaming(null);
                },
              },
            )
          }
        />
      </DialogSlot>
      <ConfirmSheet
        open={removing !== null}
        title={`删除收藏夹「${removing?.name ?? ''}」`}
        confirmText="删除"
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.sid, {
            onSuccess: () => {
              notify.success('已删除收藏夹');
              setRemoving(null);
            },
          })
        }
      >
        {removing && removing.itemCount > 0
          ? `其中的 ${removing.itemCount} 个素材、它们的评论和分享链接都会一起删除，无法恢复。确定吗？`
          : '收藏夹和它的分享链接都会删除，无法恢复。确定吗？'}
      </ConfirmSheet>
    </section>
  );
}
