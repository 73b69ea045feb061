import { DEMAND_STATUS_LABEL, DEMAND_TIER_LABEL, type TDemand } from '@gemstock/contract';
import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Empty, SkeletonText, Tag } from '@/components/ui/feedback';
import { DEMAND_STATUS_COLOR, DemandDetailsDrawer, stageNote, useDemands } from '@/features/customize';
import { formatDateTime } from '@/lib/date-time';
import { usePageCursors } from '@/lib/list-pages';
import { BrowseMaterialsLink } from '../components/browse-link';

const PAGE_SIZE = 10;
/** `?demand=sid` opens that request's details (links in notices point here). */
const DEMAND_PARAM = 'demand';

function DemandCard({ demand, onOpen }: { demand: TDemand; onOpen: () => void }) {
  const title = demand.detail.title || demand.brief?.text.slice(0, 24) || `定制需求 ${demand.sid.slice(-6)}`;
  return (
    <div className="gs-card gs-demand-card">
      <div className="gs-demand-card__text">
        <div className="gs-demand-card__tags">
          <Tag>{DEMAND_TIER_LABEL[demand.tier]}</Tag>
          <Tag color={DEMAND_STATUS_COLOR[demand.status]}>{DEMAND_STATUS_LABEL[demand.status]}</Tag>
          <strong className="gs-text-strong gs-ellipsis" style={{ maxWidth: 320 }}>
            {title}
          </strong>
        </div>
        <span>{stageNote(demand)}</span>
        <span className="gs-text-secondary gs-text-small">
          提交于 {formatDateTime(demand.createdAt)}
          {demand.designer ? ` · 设计师 ${demand.designer}` : ''}
        </span>
      </div>
      <Button className="gs-btn--ghost" onClick={onOpen} aria-label={`查看定制详情：${title}`}>
        查看详情
      </Button>
    </div>
  );
}

/** /record/customize — every custom design request with its stage, deadline and details drawer. */
export default function CustomizeRecordsPage() {
  const [page, setPage] = useState(1);
  const [params, setParams] = useSearchParams();
  const open = params.get(DEMAND_PARAM);
  // mounted once opened, so the drawer can play its closing animation
  const [hasOpened, setHasOpened] = useState(open !== null);
  if (open !== null && !hasOpened) setHasOpened(true);
  // 下一页 goes on after the last request shown, so one submitted meanwhile is not shown twice.
  const cursors = usePageCursors('demands');
  const query = useDemands(page, PAGE_SIZE, cursors.cursorOf(page));
  const goTo = (next: number) => {
    cursors.remember(page, next, query.data && !query.isPlaceholderData ? query.data.nextCursor : null);
    setPage(next);
  };
  const setOpen = (sid: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (sid) next.set(DEMAND_PARAM, sid);
        else next.delete(DEMAND_PARAM);
        return next;
      },
      { replace: true },
    );

  let body;
  if (query.isLoading) body = <SkeletonText rows={6} />;
  else if (query.isError || !query.data)
    body = (
      <LoadError
        title="定制记录加载失败"
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  else if (query.data.demands.length === 0 && page === 1)
    body = (
      <Empty description="暂无定制记录，在素材详情页点击“定制”即可提交需求">
        <BrowseMaterialsLink />
      </Empty>
    );
  else
    body = (
      <div className="gs-stack gs-stack--small">
        {query.data.demands.map((d) => (
          <DemandCard key={d.sid} demand={d} onOpen={() => setOpen(d.sid)} />
        ))}
        <div className="gs-demand-pages">
          <Button disabled={page === 1} onClick={() => goTo(page - 1)}>
            上一页
          </Button>
          <Button disabled={!query.data.hasMore} onClick={() => goTo(page + 1)}>
            下一页
          </Button>
        </div>
      </div>
    );

  return (
    <>
      {body}
      {hasOpened && (
        <Suspense fallback={null}>
          <DemandDetailsDrawer sid={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
