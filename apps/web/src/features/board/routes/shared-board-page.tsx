import { useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageResult } from '@/components/page-result';
import { Empty, SkeletonText, Tag } from '@/components/ui/feedback';
import { Icon } from '@/components/ui/icon';
import { ExclamationCircleFilled } from '@/components/ui/icon-paths';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/form';
import { useSharedBoard } from '../api/boards';
import './boards.css';

/** /board-share/:token — a board a company shared with its client: watermarked previews, nothing else. */
export default function SharedBoardPage() {
  const { token = '' } = useParams();
  const shared = useSharedBoard(token);
  let body;
  if (shared.isPending) body = <SkeletonText rows={8} />;
  else if (shared.isError)
    // a revoked, expired or unknown link answers 404 alike; anything else (the network, too many
    // opens at once) is worth another try
    body =
      isApiError(shared.error) && shared.error.status === 404 ? (
        <PageResult
          tone="info"
          icon={<Icon icon={ExclamationCircleFilled} />}
          title="分享链接不存在或已失效"
          subTitle="请联系分享给您的企业重新获取链接"
          extra={null}
        />
      ) : (
        <LoadError
          title="收藏夹加载失败"
          error={shared.error}
          onRetry={() => void shared.refetch()}
          isRetrying={shared.isFetching}
        />
      );
  else
    body = (
      <>
        <h1 className="gs-shared-page__title">{shared.data.name}</h1>
        <p className="gs-text-secondary">
          {shared.data.items.length} 个素材 · 仅供预览（带水印）
          {shared.data.expiresAt ? ` · 链接于 ${formatDateTime(shared.data.expiresAt)} 失效` : ''}
        </p>
        {shared.data.items.length === 0 ? (
          <Empty description="收藏夹中还没有素材" />
        ) : (
          <ul className="gs-board-items" aria-label="分享的素材">
            {shared.data.items.map((item) => (
              <li key={item.sid} className="gs-board-card">
                <span className="gs-board-item__picture">
                  {item.watermarkUrl || item.thumbUrl ? (
                    <img src={item.watermarkUrl ?? item.thumbUrl ?? ''} alt={item.title} loading="lazy" />
                  ) : null}
                  {item.disabled && (
                    <span className="gs-board-item__off">
                      <Tag>已下架</Tag>
                    </span>
                  )}
                </span>
                <div className="gs-board-card__body gs-board-card__body--small">
                  <h2 className="gs-board-card__title">{item.title}</h2>
                  <div className="gs-text-secondary">
                    {item.width} × {item.height}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </>
    );
  return <div className="gs-shared-page">{body}</div>;
}
