import { useMemo } from 'react';
import { LoadError } from '@/components/load-error';
import { LoadMore } from '@/components/material-grid/load-more';
import { MaterialGrid, MaterialGridSkeleton } from '@/components/material-grid/material-grid';
import { PageContainer } from '@/components/page-container';
import { ButtonLink } from '@/components/ui/button';
import { Empty } from '@/components/ui/feedback';
import { paths } from '@/config/paths';
import { useFeaturedVideos } from '../api/get-featured-videos';

/** Larger tiles than home: these are watched, not scanned. */
const VIDEO_COLUMN_WIDTH = 300;

/** /video — featured videos; each plays its watermarked preview on hover or focus. */
export default function VideoPage() {
  const query = useFeaturedVideos();
  const pages = query.data?.pages;
  const videos = useMemo(() => pages?.flatMap((p) => p.materials) ?? [], [pages]);

  let body;
  if (query.isPending) {
    body = <MaterialGridSkeleton count={6} minColumnWidth={VIDEO_COLUMN_WIDTH} />;
  } else if (query.isError && videos.length === 0) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  } else if (videos.length === 0) {
    body = (
      <div className="gs-card" style={{ padding: '40px 24px' }}>
        <Empty description="精选视频正在准备中，先看看其他素材吧">
          <ButtonLink kind="primary" to={paths.home}>
            去首页看看
          </ButtonLink>
        </Empty>
      </div>
    );
  } else {
    body = (
      <>
        <MaterialGrid materials={videos} minColumnWidth={VIDEO_COLUMN_WIDTH} label="精选视频" />
        <LoadMore
          hasMore={query.hasNextPage}
          isLoading={query.isFetchingNextPage}
          isError={query.isFetchNextPageError}
          onLoadMore={() => void query.fetchNextPage()}
        />
      </>
    );
  }

  return (
    <PageContainer
      title="精选视频"
      subTitle={
        <>
          可商用的珠宝展示视频，适合新媒体与门店大屏；
          <span className="gs-hover-only">鼠标移到视频上即可预览</span>
          <span className="gs-touch-only">点开视频即可预览</span>
        </>
      }
    >
      {body}
    </PageContainer>
  );
}
