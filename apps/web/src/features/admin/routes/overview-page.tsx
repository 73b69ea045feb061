import {
  AccountBookOutlined,
  BankOutlined,
  BgColorsOutlined,
  FileSearchOutlined,
  PictureOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { OverviewItem, TAdminOverview, TOverviewCount } from '@gemstock/contract';
import { Card, Col, Empty, Flex, Row, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { useOverview } from '../api/get-overview';
import { RefreshButton } from '../components/refresh-button';
import { adminPaths } from '../lib/admin-paths';
import { overviewCountText } from '../lib/overview-count';

interface Figure {
  item: OverviewItem;
  label: string;
  /** The list it opens, filtered to what the figure counts where the list's address can say so. */
  to: string;
  /** A figure above zero calls for attention (overdue work), not only for work. */
  urgent?: boolean;
}

interface Group {
  title: string;
  icon: ReactNode;
  figures: Figure[];
}

const GROUPS: Group[] = [
  {
    title: '对公转账',
    icon: <BankOutlined />,
    figures: [{ item: 'transfersWaiting', label: '待确认到账', to: adminPaths.transfers }],
  },
  {
    title: '支付异常',
    icon: <WarningOutlined />,
    figures: [{ item: 'exceptionsOpen', label: '待处理', to: `${adminPaths.paymentExceptions}?status=PENDING` }],
  },
  {
    title: '发票申请',
    icon: <AccountBookOutlined />,
    figures: [
      { item: 'invoicesToIssue', label: '待开具', to: adminPaths.invoices },
      { item: 'invoicesOverdue', label: '已超过承诺开具日', to: adminPaths.invoices, urgent: true },
    ],
  },
  {
    title: '定制需求',
    icon: <BgColorsOutlined />,
    figures: [
      { item: 'demandsWaiting', label: '待我方处理（报价、分配、交付）', to: `${adminPaths.demands}?waiting=true` },
      { item: 'demandsOverdue', label: '当前阶段已超期', to: `${adminPaths.demands}?overdue=true`, urgent: true },
    ],
  },
  {
    title: '素材审核',
    icon: <FileSearchOutlined />,
    figures: [{ item: 'reviewPending', label: '待审核的上传', to: adminPaths.review }],
  },
  {
    title: '素材处理',
    icon: <PictureOutlined />,
    figures: [
      { item: 'mediaFailed', label: '处理失败的素材', to: `${adminPaths.materials}?status=failed`, urgent: true },
    ],
  },
];

function FigureLink({ figure, value }: { figure: Figure; value: NonNullable<TOverviewCount> }) {
  const alarming = figure.urgent && value.count > 0;
  return (
    <Link to={figure.to} aria-label={`${figure.label} ${overviewCountText(value)}`} style={{ display: 'block' }}>
      <Typography.Text type="secondary">{figure.label}</Typography.Text>
      <div
        style={{
          fontSize: 28,
          fontWeight: 600,
          fontVariantNumeric: 'tabular-nums',
          color: alarming ? 'var(--ant-color-error)' : value.count > 0 ? 'var(--ant-color-primary)' : undefined,
        }}
      >
        {overviewCountText(value)}
      </div>
    </Link>
  );
}

/** The groups with at least one figure the operator's roles are shown. */
function visibleGroups(data: TAdminOverview) {
  return GROUPS.map((group) => ({
    ...group,
    figures: group.figures.flatMap((figure) => {
      const value = data[figure.item];
      return value ? [{ figure, value }] : [];
    }),
  })).filter((group) => group.figures.length > 0);
}

/** 今日待办: the console's first page — what is waiting on the operator's roles, each a link to its list. */
export function OverviewPage() {
  const overview = useOverview();
  const { data } = overview;

  let body: ReactNode;
  if (overview.isError && !data) {
    body = (
      <LoadError
        title="今日待办加载失败"
        error={overview.error}
        isRetrying={overview.isFetching}
        onRetry={() => void overview.refetch()}
      />
    );
  } else if (!data) {
    body = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  } else {
    const groups = visibleGroups(data);
    const waiting = groups.some((g) => g.figures.some(({ value }) => value.count > 0));
    body = (
      <>
        {!waiting && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办，今天的事都处理完了" />}
        <Row gutter={[16, 16]}>
          {groups.map((group) => (
            <Col key={group.title} xs={24} md={12} xl={8}>
              <Card
                size="small"
                title={
                  <Flex gap={8}>
                    {group.icon}
                    {group.title}
                  </Flex>
                }
              >
                <Flex gap={32} wrap>
                  {group.figures.map(({ figure, value }) => (
                    <FigureLink key={figure.item} figure={figure} value={value} />
                  ))}
                </Flex>
              </Card>
            </Col>
          ))}
        </Row>
      </>
    );
  }

  return (
    <Card title="今日待办" extra={<RefreshButton query={overview} />}>
      {body}
    </Card>
  );
}
