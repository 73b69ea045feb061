import { BOARD_LIMITS, type TBoardSummary } from '@gemstock/contract';
import { Button, Card, Empty, Pagination, Popconfirm, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { countText, pagedTotal, usePageCursors } from '@/lib/list-pages';
import { notify } from '@/lib/notify';
import { BOARDS_PAGE_SIZE, useBoards, useCreateBoard, useRemoveBoard, useRenameBoard } from '../api/boards';
import { BoardNameModal } from '../components/board-name-modal';
import './boards.css';

function BoardCard({ board, onRename }: { board: TBoardSummary; onRename: (board: TBoardSummary) => void }) {
  const remove = useRemoveBoard();
  return (
    <Card
      className="gs-board-card"
      hoverable
      cover={
        <Link
          to={paths.user.boardOf(board.sid)}
          className="gs-board-card__cover-link"
          aria-label={`打开收藏夹「${board.name}」`}
        >
          {/* antd makes a cover's child a block: the grid is the span inside */}
          <span className="gs-board-card__covers">
            {board.covers.length ? (
              board.covers.map((url) => <img key={url} src={url} alt="" loading="lazy" />)
            ) : (
              <span className="gs-board-card__empty">暂无素材</span>
            )}
          </span>
        </Link>
      }
      actions={
        board.editable
          ? [
              <Button key="rename" type="link" size="small" onClick={() => onRename(board)}>
                重命名
              </Button>,
              <Popconfirm
                key="remove"
                title="删除收藏夹"
                description="收藏夹中的素材、评论和分享链接都会一起删除，确定吗？"
                okText="删除"
                okButtonProps={{ danger: true, loading: remove.isPending }}
                cancelText="取消"
                onConfirm={() => remove.mutateAsync(board.sid).then(() => notify.success('已删除收藏夹'))}
              >
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>,
            ]
          : [
              <Typography.Text key="who" type="secondary">
                仅创建者和主账号可修改
              </Typography.Text>,
            ]
      }
    >
      <Card.Meta
        title={<Link to={paths.user.boardOf(board.sid)}>{board.name}</Link>}
        description={`${board.itemCount} 个素材 · ${board.creatorName} 创建`}
      />
    </Card>
  );
}

/** /user/board — 团队收藏夹: the company's boards, shared by the main account and its sub-accounts. */
export default function BoardsPage() {
  const [page, setPage] = useState(1);
  const cursors = usePageCursors('boards');
  const boards = useBoards(page, cursors.cursorOf(page));
  const create = useCreateBoard();
  const rename = useRenameBoard();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<TBoardSummary | null>(null);
  const total = boards.data ? pagedTotal(boards.data, page, BOARDS_PAGE_SIZE) : 0;
  const goTo = (next: number) => {
    cursors.remember(page, next, boards.data && !boards.isPlaceholderData ? boards.data.nextCursor : null);
    setPage(next);
  };

  let body;
  if (boards.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (boards.isError)
    body = (
      <Result
        status="warning"
        title="收藏夹加载失败"
        extra={
          <Button type="primary" loading={boards.isFetching} onClick={() => void boards.refetch()}>
            重试
          </Button>
        }
      />
    );
  else if (boards.data.boards.length === 0)
    body = (
      <Empty description="还没有收藏夹。新建一个，再在素材详情页点“加入收藏夹”">
        <Button type="primary" onClick={() => setCreating(true)}>
          新建收藏夹
        </Button>
      </Empty>
    );
  else
    body = (
      <>
        <div className="gs-board-grid">
          {boards.data.boards.map((board) => (
            <BoardCard key={board.sid} board={board} onRename={setRenaming} />
          ))}
        </div>
        {total > BOARDS_PAGE_SIZE && (
          <Pagination
            className="gs-board-pages"
            current={page}
            pageSize={BOARDS_PAGE_SIZE}
            total={total}
            onChange={goTo}
            showSizeChanger={false}
          />
        )}
      </>
    );

  return (
    <section className="gs-card gs-board-section">
      <div className="gs-board-section__head">
        <h5 className="gs-board-section__title">团队收藏夹</h5>
        <span className="gs-board-head-extra">
          {boards.data && (
            <Typography.Text type="secondary">
              {countText(boards.data.total, boards.data.totalCapped, '个收藏夹')}（最多 {BOARD_LIMITS.boardsPerCompany}{' '}
              个）
            </Typography.Text>
          )}
          <Button type="primary" onClick={() => setCreating(true)}>
            新建收藏夹
          </Button>
        </span>
      </div>
      <Typography.Paragraph type="secondary">
        主账号和子账号共享收藏夹，可一起挑选素材、排序、评论，并一键加入购物车。
      </Typography.Paragraph>
      {body}
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
    </section>
  );
}
