import { Card, Empty, Result, Skeleton, Tag, Typography } from 'antd';
import { useParams } from 'react-router';
import { formatDateTime } from '@/lib/form';
import { useSharedBoard } from '../api/boards';
import './boards.css';

/** /board-share/:token — a board a company shared with its client: watermarked previews, nothing else. */
export default function SharedBoardPage() {
  const { token = '' } = useParams();
  const shared = useSharedBoard(token);
  let body;
  if (shared.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (shared.isError)
    body = <Result status="404" title="分享链接不存在或已失效" subTitle="请联系分享给您的企业重新获取链接" />;
  else
    body = (
      <>
        <Typography.Title level={3}>{shared.data.name}</Typography.Title>
        <Typography.Paragraph type="secondary">
          {shared.data.items.length} 个素材 · 仅供预览（带水印）
          {shared.data.expiresAt ? ` · 链接于 ${formatDateTime(shared.data.expiresAt)} 失效` : ''}
        </Typography.Paragraph>
        {shared.data.items.length === 0 ? (
          <Empty description="收藏夹中还没有素材" />
        ) : (
          <ul className="gs-board-items" aria-label="分享的素材">
            {shared.data.items.map((item) => (
              <li key={item.sid}>
                <Card
                  size="small"
                  cover={
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
                  }
                >
                  <Card.Meta title={item.title} description={`${item.width} × ${item.height}`} />
                </Card>
              </li>
            ))}
          </ul>
        )}
      </>
    );
  return <div className="gs-shared-page">{body}</div>;
}
