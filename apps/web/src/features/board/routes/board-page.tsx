import { BOARD_LIMITS, licenceSpec, type TBoardBuyResponse, type TBoardItem } from '@gemstock/contract';
import {
  Alert,
  Breadcrumb,
  Button,
  Card,
  Collapse,
  Empty,
  Modal,
  Popconfirm,
  Result,
  Skeleton,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PriceText } from '@/components/price-text';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { materialLabel } from '@/lib/material-licence';
import { notify } from '@/lib/notify';
import { useBoard, useBuyBoard, useMoveOnBoard, useRemoveFromBoard } from '../api/boards';
import { CommentsDrawer } from '../components/comments-drawer';
import { SharePanel } from '../components/share-panel';
import './boards.css';

function ItemCard({
  item,
  index,
  items,
  board,
  onComments,
}: {
  item: TBoardItem;
  index: number;
  items: TBoardItem[];
  board: string;
  onComments: (item: TBoardItem) => void;
}) {
  const move = useMoveOnBoard(board);
  const remove = useRemoveFromBoard(board);
  const title = materialLabel(item);
  const picture = item.thumbUrl ?? item.coverUrl;
  const up = () => move.mutate({ material: item.sid, after: index >= 2 ? items[index - 2]!.sid : null });
  const down = () => move.mutate({ material: item.sid, after: items[index + 1]!.sid });
  return (
    <li>
      <Card
        size="small"
        cover={
          <Link to={paths.detail(item.sid)} className="gs-board-item__picture" aria-label={title}>
            {picture && <img src={picture} alt={title} loading="lazy" />}
            {item.disabled && (
              <span className="gs-board-item__off">
                <Tag color="default">已下架</Tag>
              </span>
            )}
          </Link>
        }
        actions={[
          <Tooltip key="up" title="前移">
            <Button
              type="text"
              size="small"
              aria-label={`前移 ${title}`}
              disabled={index === 0}
              loading={move.isPending}
              onClick={up}
            >
              ↑
            </Button>
          </Tooltip>,
          <Tooltip key="down" title="后移">
            <Button
              type="text"
              size="small"
              aria-label={`后移 ${title}`}
              disabled={index === items.length - 1}
              loading={move.isPending}
              onClick={down}
            >
              ↓
            </Button>
          </Tooltip>,
          <Button key="comments" type="text" size="small" onClick={() => onComments(item)}>
            评论 {item.commentCount}
          </Button>,
          <Popconfirm
            key="remove"
            title="从收藏夹移除？"
            description="该素材的评论也会一起删除"
            okText="移除"
            cancelText="取消"
            onConfirm={() => remove.mutateAsync(item.sid).then(() => notify.success('已移除'))}
          >
            <Button type="text" size="small" danger aria-label={`移除 ${title}`}>
              移除
            </Button>
          </Popconfirm>,
        ]}
      >
        <Card.Meta
          title={<Link to={paths.detail(item.sid)}>{title}</Link>}
          description={
            <>
              <div>
                {licenceSpec(item.spec).name} ·{' '}
                {item.disabled ? (
                  <Typography.Text type="secondary">已下架</Typography.Text>
                ) : (
                  <PriceText cents={item.unitPrice} size="small" />
                )}
              </div>
              <div>
                {item.ownedSpecs?.length ? <Tag color="success">公司已购</Tag> : null}
                <Typography.Text type="secondary">{item.addedByName || '同事'} 添加</Typography.Text>
              </div>
            </>
          }
        />
      </Card>
    </li>
  );
}

function BuyOutcome({ outcome }: { outcome: TBoardBuyResponse }) {
  const off = outcome.skipped.filter((s) => s.reason === 'disabled');
  const owned = outcome.skipped.filter((s) => s.reason === 'owned');
  return (
    <div>
      <p>已将 {outcome.added.length} 个素材按各自的授权类型加入购物车。</p>
      {off.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`${off.length} 个素材已下架，未加入：${off.map((s) => s.title).join('、')}`}
        />
      )}
      {owned.length > 0 && (
        <Alert
          style={{ marginTop: 8 }}
          type="info"
          showIcon
          title={`${owned.length} 个素材公司已购买，无需重复购买：${owned.map((s) => s.title).join('、')}`}
        />
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
  const [commenting, setCommenting] = useState<{ sid: string; title: string } | null>(null);
  const [bought, setBought] = useState<TBoardBuyResponse | null>(null);

  if (board.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (board.isError) {
    const gone = isApiError(board.error) && board.error.status === 404;
    return (
      <Result
        status={gone ? '404' : 'warning'}
        title={gone ? '收藏夹不存在或不属于您的公司' : '收藏夹加载失败'}
        extra={
          gone ? (
            <Button type="primary" onClick={() => void navigate(paths.user.board)}>
              返回收藏夹
            </Button>
          ) : (
            <Button type="primary" loading={board.isFetching} onClick={() => void board.refetch()}>
              重试
            </Button>
          )
        }
      />
    );
  }
  const { board: summary, items, shares } = board.data;
  const buyAll = () => buy.mutate(undefined, { onSuccess: setBought });
  const onSale = items.filter((i) => !i.disabled).length;

  return (
    <section className="gs-card gs-board-section">
      <Breadcrumb
        items={[{ title: <Link to={paths.user.board}>团队收藏夹</Link> }, { title: summary.name }]}
        style={{ marginBottom: 12 }}
      />
      <div className="gs-board-toolbar">
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {summary.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {summary.itemCount} / {BOARD_LIMITS.itemsPerBoard} 个素材 · {summary.creatorName} 创建
          </Typography.Text>
        </div>
        <Button type="primary" size="large" disabled={onSale === 0} loading={buy.isPending} onClick={buyAll}>
          全部加入购物车
        </Button>
      </div>
      {items.length > onSale && (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          title={`${items.length - onSale} 个素材已下架，“全部加入购物车”时会跳过`}
        />
      )}
      {summary.editable && (
        <Collapse
          style={{ marginTop: 16 }}
          items={[
            {
              key: 'share',
              label: `分享给客户（${shares.length} 个有效链接，最多 ${BOARD_LIMITS.activeSharesPerBoard} 个）`,
              children: <SharePanel board={summary.sid} shares={shares} />,
            },
          ]}
        />
      )}
      {items.length === 0 ? (
        <Empty style={{ marginTop: 24 }} description="收藏夹还是空的，在素材详情页点“加入收藏夹”即可添加">
          <Button onClick={() => void navigate(paths.home)}>去挑选素材</Button>
        </Empty>
      ) : (
        <ul className="gs-board-items" aria-label="收藏夹中的素材">
          {items.map((item, index) => (
            <ItemCard
              key={item.sid}
              item={item}
              index={index}
              items={items}
              board={summary.sid}
              onComments={(i) => setCommenting({ sid: i.sid, title: materialLabel(i) })}
            />
          ))}
        </ul>
      )}
      <Modal
        open={bought !== null}
        title="已加入购物车"
        okText="去购物车"
        cancelText="留在此页"
        onOk={() => void navigate(paths.cart)}
        onCancel={() => setBought(null)}
      >
        {bought && <BuyOutcome outcome={bought} />}
      </Modal>
      <CommentsDrawer board={summary.sid} material={commenting} onClose={() => setCommenting(null)} />
    </section>
  );
}
