import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { MaterialGrid, MaterialGridSkeleton } from '@/components/material-grid/material-grid';
import { Button, ButtonLink } from '@/components/ui/button';
import { Empty } from '@/components/ui/feedback';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { countText, pagedTotal, usePageCursors } from '@/lib/list-pages';
import { LIKES_PAGE_SIZE, useLikedMaterials } from '../api/get-liked-materials';
import { SectionCard } from '../components/section-card';

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * /user/like — the materials the user liked; the heart on each card unlikes it. 下一页 asks for the
 * likes after the page shown (by its cursor), so liking more while paging shows nothing twice.
 */
export default function LikePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams);
  const cursors = usePageCursors('likes');
  const query = useLikedMaterials(page, cursors.cursorOf(page));
  const total = query.data ? pagedTotal(query.data, page, LIKES_PAGE_SIZE) : 0;
  const materials = query.data?.materials ?? [];
  const lastPage = Math.max(1, Math.ceil(total / LIKES_PAGE_SIZE));

  const goToPage = (next: number) => {
    cursors.remember(page, next, query.data && !query.isPlaceholderData ? query.data.nextCursor : null);
    const params = new URLSearchParams(searchParams);
    if (next > 1) params.set('page', String(next));
    else params.delete('page');
    setSearchParams(params);
  };

  let body;
  if (query.isPending) {
    body = <MaterialGridSkeleton count={8} minColumnWidth={200} />;
  } else if (query.isError) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  } else if (materials.length === 0 && page > lastPage) {
    // the last item of a page was unliked: the page no longer exists
    body = (
      <Empty description="这一页已经没有素材了">
        <Button onClick={() => goToPage(lastPage)}>返回第 {lastPage} 页</Button>
      </Empty>
    );
  } else if (materials.length === 0) {
    body = (
      <Empty description="还没有喜欢的素材，在素材上点击爱心即可收藏到这里">
        <ButtonLink kind="primary" to={paths.home}>
          去首页逛逛
        </ButtonLink>
      </Empty>
    );
  } else {
    body = (
      <>
        <MaterialGrid materials={materials} minColumnWidth={200} label="我喜欢的素材" />
        {total > LIKES_PAGE_SIZE && (
          <Pagination current={page} pageSize={LIKES_PAGE_SIZE} total={total} onChange={goToPage} />
        )}
      </>
    );
  }

  return (
    <SectionCard
      title="我的喜欢"
      extra={
        query.data && total > 0 ? (
          <span className="gs-text-secondary">{countText(query.data.total, query.data.totalCapped, '个素材')}</span>
        ) : null
      }
    >
      {body}
    </SectionCard>
  );
}
