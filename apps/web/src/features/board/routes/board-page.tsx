import { BOARD_LIMITS, licenceSpec, type TBoardBuyResponse, type TBoardItem } from '@gemstock/contract';
import { Suspense, lazy, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageResult } from '@/components/page-result';
import { PriceText } from '@/components/price-text';
import { Button, ButtonLink } from '@/components/ui/button';
import { Alert, Empty, SkeletonText, Tag } from '@/components/ui/feedback';
import { Icon } from '@/components/ui/icon';
import { ExclamationCircleFilled, RightOutlined } from '@/components/ui/icon-paths';
import { Sheet } from '@/components/ui/sheet';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { materialLabel } from '@/lib/material-licence';
import { notify } from '@/lib/notify';
import { useBoard, useBuyBoard, useMoveOnBoard, useRemoveFromBoard } from '../api/boards';
import { ConfirmSheet } from '../components/confirm-sheet';
import { DialogSlot } from '../components/dialog-slot';
import './boards.css';

// the comments (with their form) and the share links load when first opened: the board comes first
const CommentsDrawer = lazy(async () => ({ default: (await import('../components/comments-drawer')).CommentsDrawer }));
const SharePanel = lazy(async () => ({ default: (await import('../components/share-panel')).SharePanel }));

type Direction = 'up' | 'down';

/** The id of a material's ↑ or ↓ button, to give the keyboard's focus back to it after a move. */
const moveButtonId = (sid: string, direction: Direction) => `gs-board-move-${direction}-${sid}`;

function ItemCard({
  item,
  index,
  items,
  board,
  onMoved,
  onComments,
  onRemove,
}: {
  item: TBoardItem;
  index: number;
  items: TBoardItem[];
  board: string;
  onMoved: (sid: string, direction: Direction) => void;
  onComments: (item: TBoardItem) => void;
  onRemove: (item: TBoardItem) => void;
}) {
  const move = useMoveOnBoard(board);
  const title = materialLabel(item);
  const picture = item.thumbUrl ?? item.coverUrl;
  const moveTo = (direction: Direction) => {
    // the buttons stay enabled while a move is sent, so the keyboard's focus stays on them
    if (move.isPending) return;
    const after = direction === 'up' ? (index >= 2 ? items[index - 2]!.sid : null) : items[index + 1]!.sid;
    move.mutate({ material: item.sid, after }, { onSuccess: () => onMoved(item.sid, direction) });
  };
  return (
    <li className="gs-board-card">
      <Link to={paths.detail(item.sid)} className="gs-board-item__picture" aria-label={title} tabIndex={-1}>
        {picture && <img src={picture} alt={title} loading="lazy" />}
        {item.disabled && (
          <span className="gs-board-item__off">
            <Tag>已下架</Tag>
          </span>
        )}
      </Link>
      <div className="gs-board-card__body gs-board-card__body--small">
        <h3 className="gs-board-card__title">
          <Link to={paths.detail(item.sid)}>{title}</Link>
        </h3>
        <div className="gs-text-secondary">
          {licenceSpec(item.spec, item.format).name} ·{' '}
          {item.disabled ? <span>已下架</span> : <PriceText cents={item.unitPrice} size="small" />}
        </div>
        <div className="gs-board-item__who">
          {item.ownedSpecs?.length ? <Tag color="success">公司已购</Tag> : null}
          <span className="gs-text-secondary">{item.addedByName || '同事'} 添加</span>
        </div>
      </div>
      <div className="gs-board-card__actions" aria-busy={move.isPending || undefined}>
        <Button
          kind="text"
          id={moveButtonId(item.sid, 'up')}
          title="前移"
          aria-label={`前移 ${title}`}
          disabled={index === 0}
          onClick={() => moveTo('up')}
        >
          ↑
        </Button>
        <Button
          kind="text"
          id={moveButtonId(item.sid, 'down')}
          title="后移"
          aria-label={`后移 ${title}`}
          disabled={index === items.length - 1}
          onClick={() => moveTo('down')}
        >
          ↓
        </Button>
        <Button kind="text" onClick={() => onComments(item)}>
          评论 {item.commentCount}
        </Button>
        <Button
          kind="text"
          className="gs-board-text-danger"
          aria-label={`移除 ${title}`}
          onClick={() => onRemove(item)}
        >
          移除
        </Button>
      </div>
    </li>
  );
}

function BuyOutcome({ outcome }: { outcome: TBoardBuyResponse }) {
  const off = outcome.skipped.filter((s) => s.reason === 'disabled');
  const owned = outcome.skipped.filter((s) => s.reason === 'owned');
  return (
    <div className="gs-board-bought">
      <p>已将 {outcome.added.length} 个素材按各自的授权类型加入购物车。</p>
      {off.length > 0 && (
        <Alert type="warning">
          {off.length} 个素材已下架，未加入：{off.map((s) => s.title).join('、')}
        </Alert>
      )}
      {owned.length > 0 && (
        <Alert type="info">
          {owned.length} 个素材公司已购买，无需重复购买：{owned.map((s) => s.title).join('、')}
        </Alert>
      )}
    </div>
  );
}

/** /user/board/:sid — one board: its materials in order, comments, buy all, share with a client. */
export default function BoardPage() {
  const { sid = '' } = useParams();
  const navigate = useNavigate();
  const board = useBoard(sid);
  const buy = useBuyBoard(sid);
  const remove = useRemoveFromBoard(sid);
  const shareId = useId();
  const [sharing, setSharing] = useState(false);
  const [commenting, setCommenting] = useState<{ sid: string; title: string } | null>(null);
  const [removing, setRemoving] = useState<TBoardItem | null>(null);
  const [bought, setBought] = useState<TBoardBuyResponse | null>(null);
  const [moved, setMoved] = useState<{ sid: string; direction: Direction } | null>(null);

  // after a move the list is drawn again in its new order: the keyboard's focus goes back to the
  // moved material's button, or to its other one when it reached an end
  const order = board.data?.items.map((i) => i.sid).join();
  useEffect(() => {
    if (!moved) return;
    const same = document.getElementById(moveButtonId(moved.sid, moved.direction));
    const other = document.getElementById(moveButtonId(moved.sid, moved.direction === 'up' ? 'down' : 'up'));
    const target = same && !(same as HTMLButtonElement).disabled ? same : other;
    target?.focus();
  }, [moved, order]);

  if (board.isPending)
    return (
      <section className="gs-card gs-board-section" aria-busy>
        <SkeletonText rows={8} />
      </section>
    );
  if (board.isError) {
    if (isApiError(board.error) && board.error.status === 404)
      return (
        <section className="gs-card gs-board-section">
          <PageResult
            tone="info"
            level={2}
            icon={<Icon icon={ExclamationCircleFilled} />}
            title="收藏夹不存在或不属于您的公司"
            subTitle="它可能已被删除。请回到团队收藏夹查看公司现有的收藏夹。"
            extra={
              <ButtonLink kind="primary" to={paths.user.board}>
                返回收藏夹
              </ButtonLink>
            }
          />
        </section>
      );
    return (
      <LoadError
        title="收藏夹加载失败"
        error={board.error}
        onRetry={() => void board.refetch()}
        isRetrying={board.isFetching}
      />
    );
  }
  const { board: summary, items, shares } = board.data;
  const buyAll = () => buy.mutate(undefined, { onSuccess: setBought });
  const onSale = items.filter((i) => !i.disabled).length;

  return (
    <section className="gs-card gs-board-section">
      <nav className="gs-crumbs gs-board-crumbs" aria-label="面包屑">
        <ol>
          <li>
            <Link to={paths.user.board}>团队收藏夹</Link>
          </li>
          <li aria-current="page">{summary.name}</li>
        </ol>
      </nav>
      <div className="gs-board-toolbar">
        <div>
          <h2 className="gs-board-title">{summary.name}</h2>
          <span className="gs-text-secondary">
            {summary.itemCount} / {BOARD_LIMITS.itemsPerBoard} 个素材 · {summary.creatorName} 创建
          </span>
        </div>
        <Button kind="primary" size="large" disabled={onSale === 0} loading={buy.isPending} onClick={buyAll}>
          全部加入购物车
        </Button>
      </div>
      {items.length > onSale && (
        <Alert type="warning" className="gs-board-gap">
          {items.length - onSale} 个素材已下架，“全部加入购物车”时会跳过
        </Alert>
      )}
      {summary.editable && (
        <div className="gs-board-fold">
          <button
            type="button"
            className="gs-board-fold__head"
            aria-expanded={sharing}
            aria-controls={shareId}
            onClick={() => setSharing((open) => !open)}
          >
            <Icon icon={RightOutlined} className="gs-board-fold__arrow" />
            分享给客户（{shares.length} 个有效链接，最多 {BOARD_LIMITS.activeSharesPerBoard} 个）
          </button>
          <div id={shareId} className="gs-board-fold__body" hidden={!sharing}>
            {sharing && (
              <Suspense fallback={<SkeletonText rows={2} />}>
                <SharePanel board={summary.sid} shares={shares} />
              </Suspense>
            )}
          </div>
        </div>
      )}
      {items.length === 0 ? (
        <div className="gs-board-gap">
          <Empty description="收藏夹还是空的，在素材详情页点“加入收藏夹”即可添加">
            <ButtonLink to={paths.home}>去挑选素材</ButtonLink>
          </Empty>
        </div>
      ) : (
        <ul className="gs-board-items" aria-label="收藏夹中的素材">
          {items.map((item, index) => (
            <ItemCard
              key={item.sid}
              item={item}
              index={index}
              items={items}
              board={summary.sid}
              onMoved={(moving, direction) => setMoved({ sid: moving, direction })}
              onComments={(i) => setCommenting({ sid: i.sid, title: materialLabel(i) })}
              onRemove={setRemoving}
            />
          ))}
        </ul>
      )}
      <Sheet
        open={bought !== null}
        placement="center"
        title="已加入购物车"
        className="gs-board-confirm"
        onClose={() => setBought(null)}
        footer={
          <>
            <Button onClick={() => setBought(null)}>留在此页</Button>
            <Button kind="primary" onClick={() => void navigate(paths.cart)}>
              去购物车
            </Button>
          </>
        }
      >
        {bought && <BuyOutcome outcome={bought} />}
      </Sheet>
      <ConfirmSheet
        open={removing !== null}
        title="从收藏夹移除"
        confirmText="移除"
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.sid, {
            onSuccess: () => {
              notify.success('已移除');
              setRemoving(null);
            },
          })
        }
      >
        {removing &&
          `将「${materialLabel(removing)}」移出「${summary.name}」${
            removing.commentCount > 0 ? `，它的 ${removing.commentCount} 条评论也会一起删除` : ''
          }。确定吗？`}
      </ConfirmSheet>
      <DialogSlot when={commenting !== null}>
        <CommentsDrawer board={summary.sid} material={commenting} onClose={() => setCommenting(null)} />
      </DialogSlot>
    </section>
  );
}
