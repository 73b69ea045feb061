import type { TAdminSurvey } from '@gemstock/contract';
import { Card, Col, Empty, Rate, Row, Statistic, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSurveyAnswers } from '../api/surveys';
import { RefreshButton } from '../components/refresh-button';
import { useAdminPaging } from '../lib/use-admin-paging';
import { formatDateTime } from '@/lib/date-time';
import { ScrollTable } from '@/components/scroll-table';

const stars = (value: number) => <Rate disabled allowHalf value={value} style={{ fontSize: 14 }} />;

/** What buyers said in the satisfaction survey: the averages over every answer, and each answer. */
export function SurveysPage() {
  const { page, pageSize, cursor, pagination } = useAdminPaging();
  const query = useSurveyAnswers({ page, page_size: pageSize, ...(cursor ? { cursor } : {}) });
  const { data, isLoading } = query;

  const columns: ColumnsType<TAdminSurvey> = [
    {
      title: '时间',
      dataIndex: 'createdAt',
      width: 150,
      render: (iso: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatDateTime(iso)}</span>,
    },
    {
      title: '企业 / 账号',
      key: 'who',
      width: 240,
      render: (_, s) => (
        <Typography.Text>
          {s.company ?? '—'}
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {s.account}
          </Typography.Text>
        </Typography.Text>
      ),
    },
    { title: '满意度', dataIndex: 'satisfaction', width: 170, render: stars },
    { title: '评分', dataIndex: 'score', width: 170, render: stars },
    {
      title: '意见与建议',
      dataIndex: 'feedback',
      render: (text: string | null) => text ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: '奖励',
      dataIndex: 'rewarded',
      width: 90,
      render: (rewarded: boolean) => (rewarded ? <Tag color="gold">已发券</Tag> : null),
    },
  ];

  return (
    <Card title="满意度调查" extra={<RefreshButton query={query} />}>
      {/* Averages of a failed load would read as "no answers yet"; the table below says it failed. */}
      {!query.isError && (
        <Row gutter={16} style={{ marginBottom: 16 }}>
          <Col xs={24} sm={8}>
            <Statistic title="答卷数" value={data?.summary.count ?? 0} loading={isLoading} />
          </Col>
          <Col xs={24} sm={8}>
            <Statistic
              title="平均满意度"
              value={data?.summary.satisfaction ?? '—'}
              suffix={data?.summary.satisfaction !== null ? '星' : undefined}
              loading={isLoading}
            />
          </Col>
          <Col xs={24} sm={8}>
            <Statistic
              title="平均评分"
              value={data?.summary.score ?? '—'}
              suffix={data?.summary.score !== null ? '星' : undefined}
              loading={isLoading}
            />
          </Col>
        </Row>
      )}
      <ScrollTable<TAdminSurvey>
        regionLabel="问卷列表"
        rowKey="sid"
        columns={columns}
        dataSource={data?.surveys ?? []}
        loading={isLoading}
        loadState={query}
        scroll={{ x: 1000 }}
        size="middle"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有买家参与满意度调查" /> }}
        pagination={pagination(
          data ? { total: data.total, totalCapped: false, nextCursor: data.nextCursor } : 0,
          (total) => `共 ${total} 份`,
          { stale: query.isPlaceholderData },
        )}
      />
    </Card>
  );
}
