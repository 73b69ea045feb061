import { DEMAND_STATUS_LABEL, DEMAND_TIER_LABEL, type TDemand } from '@gemstock/contract';
import { Button, Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { useDemands } from '@/features/customize/api/demands';
import {
  DEMAND_STATUS_COLOR,
  DemandDetailsDrawer,
  stageNote,
} from '@/features/customize/components/demand-details-drawer';
import { formatDateTime } from '@/lib/form';

const PAGE_SIZE = 10;
/** `?demand=sid` opens that request's details (links in notices point here). */
const DEMAND_PARAM = 'demand';

function DemandCard({ demand, onOpen }: { demand: TDemand; onOpen: () => void }) {
  const title = demand.detail.title || demand.brief?.text.slice(0, 24) || `定制需求 ${demand.sid.slice(-6)}`;
  return (
    <Card size="small" className="gs-demand-card">
      <Flex justify="space-between" align="start" gap={12} wrap>
        <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Flex gap={8} align="center" wrap>
            <Tag>{DEMAND_TIER_LABEL[demand.tier]}</Tag>
            <Tag color={DEMAND_STATUS_COLOR[demand.status]}>{DEMAND_STATUS_LABEL[demand.status]}</Tag>
            <Typography.Text strong ellipsis style={{ maxWidth: 320 }}>
              {title}
            </Typography.Text>
          </Flex>
          <Typography.Text>{stageNote(demand)}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            提交于 {formatDateTime(demand.createdAt)}
            {demand.designer ? ` · 设计师 ${demand.designer}` : ''}
          </Typography.Text>
        </Flex>
        <Button type="primary" ghost onClick={onOpen} aria-label={`查看定制详情：${title}`}>
          查看详情
        </Button>
      </Flex>
    </Card>
  );
}

/** /record/customize — every custom design request with its stage, deadline and details drawer. */
export default function CustomizeRecordsPage() {
  const [page, setPage] = useState(1);
  const [params, setParams] = useSearchParams();
  const open = params.get(DEMAND_PARAM);
  const query = useDemands(page, PAGE_SIZE);
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
  if (query.isLoading) body = <Skeleton active paragraph={{ rows: 6 }} />;
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
    body = <Empty description="暂无定制记录，在素材详情页点击“定制”即可提交需求" />;
  else
    body = (
      <Flex vertical gap={12}>
        {query.data.demands.map((d) => (
          <DemandCard key={d.sid} demand={d} onOpen={() => setOpen(d.sid)} />
        ))}
        <Flex justify="center" gap={8}>
          <Button disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
            上一页
          </Button>
          <Button disabled={!query.data.hasMore} onClick={() => setPage((p) => p + 1)}>
            下一页
          </Button>
        </Flex>
      </Flex>
    );

  return (
    <>
      {body}
      <DemandDetailsDrawer sid={open} onClose={() => setOpen(null)} />
    </>
  );
}
