import { BOARD_LIMITS, licenceSpec, type TBoardBuyResponse, type TBoardItem } from '@gemstock/contract';
import { type PointerEvent, Suspense, lazy, useEffect, useId, useState } from 'react';
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
import { useBoard, useBuyBoard, useRemoveFromBoard } from '../api/boards';
import { useMoveOnBoard } from '../api/move-on-board';
import { keyTarget, moveIndex, moveOf } from '../board-order';
import { ConfirmSheet } from '../components/confirm-sheet';
import { DialogSlot } from '../components/dialog-slot';
import './boards.css';

// the comments (with their form) and the share links load when first opened: the board comes first
const CommentsDrawer = lazy(async () => ({ default: (await import('../components/comments-drawer')).CommentsDrawer }));
const SharePanel = lazy(async () => ({ default: (await import('../components/share-panel')).SharePanel }));
// dragging a card: its code loads once the board is drawn (or at the first press, if sooner)
const loadDrag = () => import('../components/card-drag');

/** What moved a material: its 前移 or 后移 button, or its drag handle (a key). */
type Control = 'up' | 'down' | 'drag';

/** The id of a material's control, to give the keyboard's focus back to it after a move. */
const controlId = (sid: string, control: Control) => `gs-board-${control}-${sid}`;

function ItemCard({
  item,
  index,
  count,
  hintId,
  dragged,
  onMove,
  onDragStart,
  onComments,
  onRemove,
}: {
  item: TBoardItem;
  index: number;
  count: number;
  /** The id of the text that says how the handle works. */
  hintId: string;
  dragged: boolean;
  onMove: (to: number, control: Control) => void;
  onDragStart: (event: PointerEvent<HTMLElement>) => void;
  onComments: (item: TBoardItem) => void;
  onRemove: (item: TBoardItem) => void;
}) {
  const title = materialLabel(item);
  const picture = item.thumbUrl ?? item.coverUrl;
  return (
    <li className={`gs-board-card${dragged ? ' is-lifted' : ''}`}>
      <Link to={paths.detail(item.sid)} className="gs-board-item__picture" aria-label={title} tabIndex={-1}>
        {picture && <img src={picture} alt={title} loading="lazy" draggable={false} />}
        {item.disabled && (
          <span className="gs-board-item__off">
            <Tag>已下架</Tag>
          </span>
        )}
      </Link>
      <button
        type="button"
        id={controlId(item.sid, 'drag')}
        className="gs-board-card__handle"
        aria-label={`调整顺序：${title}，第 ${index + 1} 个，共 ${count} 个`}
        aria-describedby={hintId}
        title="拖动调整顺序"
        onPointerDown={onDragStart}
        onKeyDown={(event) => {
          const to = keyTarget(event.key, index, count);
          if (to === null) return;
          event.preventDefault(); // the arrows and Home/End move the card, not the page
          onMove(to, 'drag');
        }}
      >
        <span className="gs-board-grip" aria-hidden />
      </button>
      <div className="gs-board-card__body gs-board-card__body--small">
        <h3 className="gs-board-card__title">
          <Link to={paths.detail(item.sid)} draggable={false}>
            {title}
          </Link>
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
      <div className="gs-board-card__actions">
        <Button
          kind="text"
          id={controlId(item.sid, 'up')}
          title="前移"
          aria-label={`前移 ${title}`}
          disabled={index === 0}
          onClick={() => onMove(index - 1, 'up')}
        >
          ↑
        </Button>
        <Button
          kind="text"
          id={controlId(item.sid, 'down')}
          title="后移"
          aria-label={`后移 ${title}`}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1, 'down')}
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
  const [moved, setMoved] = useState<{ sid: string; control: Control } | null>(null);
  // what a screen reader hears after a move (the cards' order is only seen)
  const [said, say] = useState('');
  const hintId = useId();
  const items = board.data?.items ?? [];
  const move = useMoveOnBoard(sid, () => say('排序未保存，已恢复原来的顺序'));
  const moveCard = (from: number, to: number, control?: Control) => {
    const call = moveOf(
      items.map((i) => i.sid),
      from,
      to,
    );
    if (!call) return;
    move(call);
    // a drag leaves the focus where it is
    setMoved(control ? { sid: call.material, control } : null);
    say(`${materialLabel(items[from]!)} 已移到第 ${to + 1} 个，共 ${items.length} 个`);
  };
  // a card being dragged from its place `from`, and the place `to` the others make room at
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null);
  const hasItems = items.length > 0;
  useEffect(() => {
    if (hasItems) void loadDrag();
  }, [hasItems]);
  const startDrag = (event: PointerEvent<HTMLElement>, from: number) => {
    if (!event.isPrimary || event.button !== 0 || drag) return;
    event.preventDefault(); // a mouse would select text as it goes
    const press = {
      card: event.currentTarget.closest('li')!,
      pointerId: event.pointerId,
      x: event.clientX,
      y: event.clientY,
    };
    // let go before the code was there (it comes once the board is drawn): a tap, nothing to drag
    let released = false;
    const release = (up: globalThis.PointerEvent) => (released ||= up.pointerId === press.pointerId);
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
    void loadDrag().then(({ dragCard }) => {
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
      if (released) return;
      dragCard(
        press,
        from,
        (to) => setDrag({ from, to }),
        (to) => {
          // the new order first (the move is shown at once), then the card leaves the pointer
          if (to !== null) moveCard(from, to);
          setDrag(null);
        },
      );
    });
  };

  // after a move the list is drawn again in its new order: the keyboard's focus goes back to what
  // moved it, or to the other arrow when it reached an end
  const order = items.map((i) => i.sid).join();
  useEffect(() => {
    if (!moved) return;
    const same = document.getElementById(controlId(moved.sid, moved.control));
    const other = document.getElementById(controlId(moved.sid, moved.control === 'up' ? 'down' : 'up'));
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
  const { board: summary, shares } = board.data;
  // while a card is dragged the others make room for it where it would go
  const shown = drag ? moveIndex(items, drag.from, drag.to) : items;
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
        <>
          <p id={hintId} className="gs-text-secondary gs-board-hint">
            按住 <span className="gs-board-grip" aria-hidden /> 拖动调整顺序；键盘：方向键前移或后移一位，Home / End
            移到最前或最后
          </p>
          <ul className={`gs-board-items${drag ? ' is-sorting' : ''}`} aria-label="收藏夹中的素材">
            {shown.map((item, index) => (
              <ItemCard
                key={item.sid}
                item={item}
                index={index}
                count={shown.length}
                hintId={hintId}
                dragged={drag !== null && index === drag.to}
                onMove={(to, control) => moveCard(index, to, control)}
                onDragStart={(event) => startDrag(event, index)}
                onComments={(i) => setCommenting({ sid: i.sid, title: materialLabel(i) })}
                onRemove={setRemoving}
              />
            ))}
          </ul>
        </>
      )}
      <p className="gs-sr-only" aria-live="polite">
        {said}
      </p>
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
