import { ADMIN_PAGE_SIZE_DEFAULT, type TCompanySummary } from '@gemstock/contract';
import { Button, Card, Empty, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ScrollTable } from '@/components/scroll-table';
import { formatDateTime } from '@/lib/date-time';
import { useCompanies } from '../api/companies';
import { CompanyDrawer, EnabledTag } from '../components/company-drawer';
import { CursorPager, useCursorPages } from '../components/company-tab-table';
import { ListFilters } from '../components/list-filters';
import { RefreshButton } from '../components/refresh-button';
import { useAddressQuery } from '../lib/address-query';

const time = (iso: string | null) => (
  <span style={{ fontVariantNumeric: 'tabular-nums' }}>{iso ? formatDateTime(iso) : '—'}</span>
);

/**
 * 企业客户: find a company by its name, a user's mobile / e-mail / username or its taxpayer
 * number, and open it. The search and the open company live in the address.
 */
export function CompaniesPage() {
  const { params, update } = useAddressQuery(['q']);
  const q = params.get('q') ?? undefined;
  const openSid = params.get('company');
  const pages = useCursorPages(q ?? '');
  const list = useCompanies({
    page_size: ADMIN_PAGE_SIZE_DEFAULT,
    ...(q ? { q } : {}),
    ...(pages.cursor ? { cursor: pages.cursor } : {}),
  });
  const { data, isLoading, isFetching, isPlaceholderData, refetch } = list;
  const open = (sid: string | undefined) => update({ company: sid });

  const columns: ColumnsType<TCompanySummary> = [
    {
      title: '企业',
      key: 'company',
      width: 260,
      render: (_, c) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{c.company ?? '未填写企业名称'}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {c.license ?? '未填写税号'}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '主账号',
      key: 'main',
      width: 220,
      render: (_, c) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{c.name ?? c.mobile ?? c.email ?? '—'}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[c.mobile, c.email].filter(Boolean).join(' · ') || '—'}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '状态', key: 'state', width: 90, render: (_, c) => <EnabledTag account={c} /> },
    { title: '注册时间', dataIndex: 'createdAt', width: 150, render: time },
    { title: '最近登录', dataIndex: 'lastLoginAt', width: 150, render: time },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, c) => (
        <Button
          type="link"
          size="small"
          onClick={(event) => {
            event.stopPropagation();
            open(c.sid);
          }}
        >
          查看
        </Button>
      ),
    },
  ];

  return (
    <Card
      title={
        <ListFilters
          search={{ value: q, placeholder: '公司名称、手机号、邮箱、用户名或税号', width: 360 }}
          selects={[]}
          onChange={update}
        />
      }
      extra={<RefreshButton query={{ refetch, isFetching, isLoading }} />}
    >
      <ScrollTable<TCompanySummary>
        regionLabel="企业客户列表"
        loadState={list}
        rowKey="sid"
        columns={columns}
        dataSource={data?.companies ?? []}
        loading={isLoading || (isFetching && isPlaceholderData)}
        pagination={false}
        scroll={{ x: 1000 }}
        size="middle"
        onRow={(c) => ({ onClick: () => open(c.sid), style: { cursor: 'pointer' } })}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={q ? '没有找到匹配的企业，换个条件试试' : '还没有企业客户'}
            />
          ),
        }}
      />
      {!list.isError && <CursorPager pages={pages} data={data} unit="家企业" stale={isPlaceholderData} />}
      <CompanyDrawer sid={openSid} onClose={() => open(undefined)} />
    </Card>
  );
}
