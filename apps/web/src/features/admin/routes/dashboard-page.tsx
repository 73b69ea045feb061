import {
  centsToYuanString,
  DASHBOARD_MAX_DAYS,
  DEMAND_STATUS_LABEL,
  type DashboardTable,
  type DemandStatus,
  LICENCE_TABLE,
  type OrderType,
  type PayWay,
  type TDashboard,
  type TRevenueSlice,
} from '@gemstock/contract';
import { Card, Col, DatePicker, Empty, Flex, Row, Spin, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { LoadError } from '@/components/load-error';
import { ORDER_TYPE_LABEL, PAY_WAY_TEXT } from '@/lib/order-labels';
import { useDashboard } from '../api/dashboard';
import { type ChartOption, EChart } from '../components/echart';
import { ExportButton } from '../components/export-button';
import { RefreshButton } from '../components/refresh-button';
import { chinaWallDayjs } from '../lib/china-picker';

const DAY_FORMAT = 'YYYY-MM-DD';
const LICENCE_NAME: Record<string, string> = Object.fromEntries(LICENCE_TABLE.map((s) => [String(s.type), s.name]));

function yuan(cents: number): string {
  return `¥${cents < 0 ? '-' : ''}${centsToYuanString(Math.abs(cents))}`;
}

/** Today in China as the picker reads it, whatever the operator's browser zone. */
function chinaToday(): Dayjs {
  return chinaWallDayjs(new Date()).startOf('day');
}

/** A card with a CSV download of its table (the range's rows, UTF-8 with a BOM). */
function Section({
  title,
  table,
  range,
  children,
}: {
  title: string;
  table?: DashboardTable;
  range: { from: string; to: string };
  children: ReactNode;
}) {
  return (
    <Card
      size="small"
      title={title}
      extra={table ? <ExportButton kind="dashboard" filters={{ ...range, table }} /> : null}
    >
      {children}
    </Card>
  );
}

function lineOption(days: string[], series: { name: string; data: number[] }[], money = false): ChartOption {
  return {
    tooltip: { trigger: 'axis', ...(money ? { valueFormatter: (v: number) => yuan(v * 100) } : {}) },
    legend: { top: 0 },
    grid: { left: 48, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: days.map((d) => d.slice(5)) },
    yAxis: { type: 'value', minInterval: money ? undefined : 1 },
    series: series.map((s) => ({ type: 'line', name: s.name, data: s.data })),
  };
}

function barOption(labels: string[], values: number[], name: string, money = false): ChartOption {
  return {
    tooltip: { trigger: 'axis', ...(money ? { valueFormatter: (v: number) => yuan(v * 100) } : {}) },
    grid: { left: 64, right: 16, top: 16, bottom: 28, containLabel: true },
    xAxis: { type: 'value', minInterval: money ? undefined : 1 },
    yAxis: { type: 'category', data: labels, inverse: true },
    series: [{ type: 'bar', name, data: values, barMaxWidth: 18 }],
  };
}

function pieOption(slices: { name: string; value: number }[]): ChartOption {
  return {
    tooltip: { trigger: 'item', valueFormatter: (v: number) => yuan(v * 100) },
    legend: { bottom: 0 },
    series: [{ type: 'pie', radius: ['40%', '68%'], top: -16, data: slices, label: { formatter: '{b}\n{d}%' } }],
  };
}

const keywordColumns: ColumnsType<{ keyword: string; count: number }> = [
  { title: '关键词', dataIndex: 'keyword' },
  { title: '搜索次数', dataIndex: 'count', width: 100, align: 'right' },
];

function sliceRows(slices: TRevenueSlice[], name: (key: string) => string) {
  return slices.map((s) => ({ key: s.key, name: name(s.key), cents: s.cents, count: s.count }));
}

const sliceColumns: ColumnsType<{ key: string; name: string; cents: number; count: number }> = [
  { title: '项目', dataIndex: 'name' },
  { title: '金额', dataIndex: 'cents', align: 'right', render: (c: number) => yuan(c) },
  { title: '笔数', dataIndex: 'count', align: 'right', width: 80 },
];

function Traffic({ data, range }: { data: TDashboard; range: { from: string; to: string } }) {
  const days = data.days.map((d) => d.day);
  const option = useMemo(
    () =>
      lineOption(days, [
        { name: '浏览量', data: data.days.map((d) => d.pageViews) },
        { name: '访客数', data: data.days.map((d) => d.visitors) },
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- days derive from data
    [data],
  );
  const funnel = useMemo<ChartOption>(() => {
    const steps = [data.funnel.detailViews, data.funnel.cartAdds, data.funnel.ordersPlaced, data.funnel.ordersPaid];
    const option = barOption(['详情浏览', '加入购物车', '下单', '支付'], steps, '数量');
    // each step with its share of the first: a funnel's words stay readable when a step is small
    option.grid = { left: 64, right: 96, top: 16, bottom: 28, containLabel: true };
    const bar = (option.series as Record<string, unknown>[])[0]!;
    bar.label = {
      show: true,
      position: 'right',
      formatter: ({ value }: { value: number }) =>
        steps[0] ? `${value}（${Math.round((value / steps[0]) * 1000) / 10}%）` : String(value),
    };
    return option;
  }, [data]);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        <Section title="浏览量与访客（按日）" table="days" range={range}>
          <EChart option={option} label={`浏览量与访客，${data.from} 至 ${data.to}`} />
          <Table
            size="small"
            rowKey="day"
            pagination={{ pageSize: 7, hideOnSinglePage: true }}
            dataSource={[...data.days].reverse()}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该时段暂无数据" /> }}
            columns={[
              { title: '日期', dataIndex: 'day' },
              { title: '浏览量', dataIndex: 'pageViews', align: 'right' },
              { title: '访客数', dataIndex: 'visitors', align: 'right' },
              { title: '搜索', dataIndex: 'searches', align: 'right' },
              { title: '无结果搜索', dataIndex: 'zeroResultSearches', align: 'right' },
              { title: '下单', dataIndex: 'ordersPlaced', align: 'right' },
              { title: '支付', dataIndex: 'ordersPaid', align: 'right' },
            ]}
          />
        </Section>
      </Col>
      <Col xs={24} xl={8}>
        <Section title="转化漏斗：浏览 → 购物车 → 下单 → 支付" range={range}>
          {data.funnel.detailViews + data.funnel.cartAdds + data.funnel.ordersPlaced + data.funnel.ordersPaid > 0 ? (
            <EChart option={funnel} label="转化漏斗：详情浏览、加入购物车、下单、支付" height={200} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该时段暂无浏览、加购或订单" />
          )}
        </Section>
      </Col>
    </Row>
  );
}

function Searches({ data, range }: { data: TDashboard; range: { from: string; to: string } }) {
  const lists = [
    { title: '热门搜索', table: 'topSearches' as const, rows: data.topSearches, empty: '该时段暂无搜索' },
    {
      title: '无结果搜索（可补充素材或关键词）',
      table: 'zeroResultSearches' as const,
      rows: data.zeroResultSearches,
      empty: '该时段没有无结果的搜索',
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {lists.map((list) => (
        <Col key={list.table} xs={24} lg={12}>
          <Section title={list.title} table={list.table} range={range}>
            {list.rows.length > 0 && (
              <EChart
                option={barOption(
                  list.rows.slice(0, 10).map((r) => r.keyword),
                  list.rows.slice(0, 10).map((r) => r.count),
                  '搜索次数',
                )}
                label={list.title}
                height={Math.max(120, Math.min(10, list.rows.length) * 28 + 40)}
              />
            )}
            <Table
              size="small"
              rowKey="keyword"
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={list.rows}
              columns={keywordColumns}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={list.empty} /> }}
            />
          </Section>
        </Col>
      ))}
    </Row>
  );
}

function Money({
  money,
  data,
  range,
}: {
  money: NonNullable<TDashboard['money']>;
  data: TDashboard;
  range: { from: string; to: string };
}) {
  const trend = useMemo(
    () =>
      lineOption(
        money.daily.map((d) => d.day),
        [
          { name: '收入（元）', data: money.daily.map((d) => d.revenueCents / 100) },
          { name: '退款（元）', data: money.daily.map((d) => d.refundedCents / 100) },
          { name: '优惠券成本（元）', data: money.daily.map((d) => d.couponCents / 100) },
        ],
        true,
      ),
    [money],
  );
  const payWays = sliceRows(money.byPayWay, (k) => PAY_WAY_TEXT[k as PayWay] ?? k);
  const orderTypes = sliceRows(money.byOrderType, (k) => ORDER_TYPE_LABEL[k as OrderType] ?? k);
  const licences = sliceRows(money.byLicence, (k) => LICENCE_NAME[k] ?? `类型 ${k}`);
  const slicesOf = [
    { title: '按支付方式', rows: payWays },
    { title: '按订单类型', rows: orderTypes },
    { title: '按授权类型（标价，未摊折扣）', rows: licences },
  ];
  return (
    <Section title="收入（财务）" table="revenue" range={range}>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={8}>
          <Statistic title="收入（已支付订单实收）" value={yuan(money.revenueCents)} />
        </Col>
        <Col xs={12} md={8}>
          <Statistic title={`退款（${money.refunds} 笔，已退回）`} value={yuan(money.refundedCents)} />
        </Col>
        <Col xs={12} md={8}>
          <Statistic title="净收入（收入 − 退款）" value={yuan(money.netRevenueCents)} />
        </Col>
        <Col xs={12} md={8}>
          <Statistic title="优惠券成本" value={yuan(money.couponCents)} />
        </Col>
        <Col xs={12} md={8}>
          <Statistic title="钱包负债（未过期余额，当前）" value={yuan(money.walletLiabilityCents)} />
        </Col>
        <Col xs={12} md={8}>
          <Statistic title="过期未用的钱包余额" value={yuan(money.walletExpiredCents)} />
        </Col>
        <Col xs={24}>
          <EChart option={trend} label={`每日收入、退款与优惠券成本，${data.from} 至 ${data.to}`} height={240} />
        </Col>
        {slicesOf.map((s) => (
          <Col key={s.title} xs={24} lg={8}>
            <Typography.Title level={5}>{s.title}</Typography.Title>
            {s.rows.length > 0 ? (
              <>
                <EChart
                  option={pieOption(s.rows.map((r) => ({ name: r.name, value: r.cents / 100 })))}
                  label={`收入${s.title}`}
                  height={220}
                />
                <Table size="small" rowKey="key" pagination={false} dataSource={s.rows} columns={sliceColumns} />
              </>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该时段暂无收入" />
            )}
          </Col>
        ))}
      </Row>
    </Section>
  );
}

function Service({ data, range }: { data: TDashboard; range: { from: string; to: string } }) {
  const surveyOption = useMemo(
    () =>
      lineOption(
        data.surveys.map((s) => s.day),
        [{ name: '平均评分（星）', data: data.surveys.map((s) => s.averageScore ?? 0) }],
      ),
    [data],
  );
  const statuses = data.demands.byStatus;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Section title="满意度评分（按日）" table="surveys" range={range}>
          {data.surveys.length > 0 ? (
            <EChart option={surveyOption} label="满意度平均评分" height={220} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该时段暂无问卷" />
          )}
        </Section>
      </Col>
      <Col xs={24} lg={8}>
        <Section title="发票" range={range}>
          <Row gutter={[16, 16]}>
            <Col span={12}>
              <Statistic title="本时段申请" value={data.invoices.requested} />
            </Col>
            <Col span={12}>
              <Statistic title="本时段开具" value={data.invoices.issued} />
            </Col>
            <Col span={12}>
              <Statistic title="当前待开具" value={data.invoices.waiting} />
            </Col>
            <Col span={12}>
              <Statistic
                title="已超过承诺开具日"
                value={data.invoices.overdue}
                styles={{ content: data.invoices.overdue > 0 ? { color: 'var(--ant-color-error)' } : {} }}
              />
            </Col>
          </Row>
        </Section>
      </Col>
      <Col xs={24} lg={8}>
        <Section title="定制需求" table="demands" range={range}>
          <Row gutter={[16, 8]}>
            <Col span={8}>
              <Statistic title="本时段新需求" value={data.demands.created} />
            </Col>
            <Col span={8}>
              <Statistic title="本时段交付" value={data.demands.delivered} />
            </Col>
            <Col span={8}>
              <Statistic
                title="平均交付用时"
                value={data.demands.averageTurnaroundHours ?? '—'}
                suffix={data.demands.averageTurnaroundHours === null ? undefined : '小时'}
              />
            </Col>
            <Col span={24}>
              <Typography.Text type={data.demands.overdue > 0 ? 'danger' : 'secondary'}>
                当前阶段已超期：{data.demands.overdue}
              </Typography.Text>
            </Col>
          </Row>
          {statuses.length > 0 ? (
            <EChart
              option={barOption(
                statuses.map((s) => DEMAND_STATUS_LABEL[s.status as DemandStatus] ?? s.status),
                statuses.map((s) => s.count),
                '需求数',
              )}
              label="定制需求按阶段"
              height={Math.max(120, statuses.length * 28 + 40)}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无定制需求" />
          )}
        </Section>
      </Col>
    </Row>
  );
}

/**
 * 数据看板: how the business is doing over a range of China-time days. The days before today come
 * from the daily rollups, today from today's rows (so it moves as the day goes); money is shown
 * to 管理员 and 财务 only. Every table downloads as CSV.
 */
export function DashboardPage() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [chinaToday().subtract(6, 'day'), chinaToday()]);
  const from = range[0].format(DAY_FORMAT);
  const to = range[1].format(DAY_FORMAT);
  const dashboard = useDashboard(from, to);
  const { data } = dashboard;
  const today = chinaToday();

  let body: ReactNode;
  if (dashboard.isError && !data) {
    body = (
      <LoadError
        title="数据看板加载失败"
        error={dashboard.error}
        isRetrying={dashboard.isFetching}
        onRetry={() => void dashboard.refetch()}
      />
    );
  } else if (!data) {
    body = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  } else {
    const totals = data.days.reduce(
      (sum, d) => ({
        views: sum.views + d.pageViews,
        visitors: sum.visitors + d.visitors,
        searches: sum.searches + d.searches,
      }),
      { views: 0, visitors: 0, searches: 0 },
    );
    body = (
      <Flex vertical gap={16}>
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title="浏览量" value={totals.views} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title="访客数（按日累计）" value={totals.visitors} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title="搜索次数" value={totals.searches} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title="支付订单" value={data.funnel.ordersPaid} />
            </Card>
          </Col>
        </Row>
        <Traffic data={data} range={{ from, to }} />
        {data.money && <Money money={data.money} data={data} range={{ from, to }} />}
        <Searches data={data} range={{ from, to }} />
        <Service data={data} range={{ from, to }} />
      </Flex>
    );
  }

  return (
    <Card
      title="数据看板"
      extra={
        <Flex gap={8} align="center" wrap>
          <DatePicker.RangePicker
            aria-label="统计日期"
            value={range}
            allowClear={false}
            format={DAY_FORMAT}
            disabledDate={(day, info) => {
              if (day.isAfter(today, 'day')) return true;
              const picked = info.from;
              return picked ? Math.abs(day.diff(picked, 'day')) >= DASHBOARD_MAX_DAYS : false;
            }}
            presets={[
              { label: '今天', value: [today, today] },
              { label: '最近 7 天', value: [today.subtract(6, 'day'), today] },
              { label: '最近 30 天', value: [today.subtract(29, 'day'), today] },
              { label: '本月', value: [today.startOf('month'), today] },
            ]}
            onChange={(value) => {
              if (value?.[0] && value[1]) setRange([value[0], value[1]]);
            }}
          />
          <RefreshButton query={dashboard} />
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        按北京时间统计。今天的数据实时计算，往日数据来自每日汇总。
      </Typography.Paragraph>
      {body}
    </Card>
  );
}
