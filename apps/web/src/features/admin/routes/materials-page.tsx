import { CloudUploadOutlined } from '@ant-design/icons';
import {
  MATERIAL_FORMATS,
  MATERIAL_STATUSES,
  type MaterialFormat,
  type MaterialStatus,
  type TAdminMaterial,
} from '@gemstock/contract';
import { Button, Card, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { type MaterialListQuery, useMaterials } from '../api/get-materials';
import { useReprocessMaterial } from '../api/reprocess-material';
import { MaterialEditDrawer } from '../components/material-edit-drawer';
import { LicenceTags, MaterialFlags, MaterialStatusTag } from '../components/material-tags';
import { MaterialThumb } from '../components/material-thumb';
import { ListFilters } from '../components/list-filters';
import { type AddressUpdate, oneOf, useAddressQuery } from '../lib/address-query';
import { adminPaths } from '../lib/admin-paths';
import { formatDateTime } from '@/lib/date-time';
import { formatDuration } from '../lib/format';
import { RefreshButton } from '../components/refresh-button';
import { ScrollTable } from '@/components/scroll-table';

const STATUS_OPTIONS: Array<{ value: MaterialStatus; label: string }> = [
  { value: 'processing', label: '处理中' },
  { value: 'ready', label: '已就绪' },
  { value: 'failed', label: '处理失败' },
];
const FORMAT_OPTIONS: Array<{ value: MaterialFormat; label: string }> = [
  { value: 'image', label: '图片' },
  { value: 'video', label: '视频' },
];
const LISTING_OPTIONS = [
  { value: 'false', label: '已上架' },
  { value: 'true', label: '已下架' },
];
const FEATURED_OPTIONS = [
  { value: 'true', label: '精选' },
  { value: 'false', label: '非精选' },
];

/** The list's filters live in the address, so a reload or a shared link shows the same page. */
function useListQuery(): [MaterialListQuery, (next: AddressUpdate) => void] {
  const { params, paging, update } = useAddressQuery();
  const query: MaterialListQuery = {
    q: params.get('q') ?? undefined,
    status: oneOf<MaterialStatus>(MATERIAL_STATUSES, params.get('status')),
    format: oneOf<MaterialFormat>(MATERIAL_FORMATS, params.get('format')),
    disabled: oneOf(['true', 'false'] as const, params.get('disabled')),
    featured: oneOf(['true', 'false'] as const, params.get('featured')),
    ...paging,
  };
  return [query, update];
}

export function MaterialsPage() {
  const [query, setQuery] = useListQuery();
  const list = useMaterials(query);
  const { data, isFetching, isLoading, refetch } = list;
  const reprocess = useReprocessMaterial();
  const navigate = useNavigate();
  const [editingSid, setEditingSid] = useState<string | null>(null);
  const editing = data?.materials.find((m) => m.sid === editingSid) ?? null;
  const filtered = Boolean(query.q || query.status || query.format || query.disabled || query.featured);

  const columns = useMemo<ColumnsType<TAdminMaterial>>(
    () => [
      { title: '缩略图', key: 'thumb', width: 88, render: (_, m) => <MaterialThumb material={m} /> },
      {
        title: '编号',
        dataIndex: 'sid',
        width: 145,
        render: (sid: string) => (
          <Typography.Text
            copyable={{ text: sid, tooltips: ['复制编号', '已复制'] }}
            style={{ fontFamily: 'monospace', fontSize: 12 }}
          >
            {sid}
          </Typography.Text>
        ),
      },
      {
        title: '关键词',
        dataIndex: 'keywords',
        width: 180,
        render: (keywords: string[]) =>
          keywords.length === 0 ? (
            <Typography.Text type="warning">未设置</Typography.Text>
          ) : (
            <Space size={[2, 4]} wrap>
              {keywords.slice(0, 5).map((k) => (
                <Tag key={k} style={{ marginInlineEnd: 0 }}>
                  {k}
                </Tag>
              ))}
              {keywords.length > 5 && (
                <Tooltip title={keywords.slice(5).join('、')}>
                  <Tag style={{ marginInlineEnd: 0 }}>+{keywords.length - 5}</Tag>
                </Tooltip>
              )}
            </Space>
          ),
      },
      {
        title: '尺寸',
        key: 'size',
        width: 115,
        render: (_, m) => (
          <Space orientation="vertical" size={0}>
            <span style={{ fontVariantNumeric: 'tabular-nums' }}>
              {m.width} × {m.height}
            </span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {m.format === 'video' ? `视频 ${m.durationMs != null ? formatDuration(m.durationMs) : ''}` : '图片'}
            </Typography.Text>
          </Space>
        ),
      },
      { title: '可售授权', dataIndex: 'authTypes', width: 130, render: (_, m) => <LicenceTags types={m.authTypes} /> },
      { title: '状态', key: 'status', width: 100, render: (_, m) => <MaterialStatusTag material={m} /> },
      { title: '喜欢', dataIndex: 'likeCount', width: 56, align: 'right' },
      { title: '标记', key: 'flags', width: 90, render: (_, m) => <MaterialFlags material={m} /> },
      {
        title: '上传时间',
        dataIndex: 'createdAt',
        width: 105,
        render: (iso: string) => {
          const [date, time] = formatDateTime(iso).split(' ');
          return (
            <Space orientation="vertical" size={0} style={{ fontVariantNumeric: 'tabular-nums' }}>
              <span>{date}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {time}
              </Typography.Text>
            </Space>
          );
        },
      },
      {
        title: '操作',
        key: 'actions',
        width: 100,
        fixed: 'right',
        render: (_, m) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditingSid(m.sid)}>
              编辑
            </Button>
            {m.status === 'failed' && (
              <Button type="link" size="small" onClick={() => reprocess.mutate(m.sid)}>
                重新处理
              </Button>
            )}
          </Space>
        ),
      },
    ],
    [reprocess],
  );

  return (
    <Card
      title={
        <ListFilters
          search={{ value: query.q, placeholder: '搜索关键词或素材编号', width: 280 }}
          selects={[
            { name: 'status', placeholder: '状态', options: STATUS_OPTIONS, value: query.status, width: 120 },
            { name: 'format', placeholder: '格式', options: FORMAT_OPTIONS, value: query.format, width: 100 },
            { name: 'disabled', placeholder: '上架状态', options: LISTING_OPTIONS, value: query.disabled, width: 120 },
            { name: 'featured', placeholder: '精选', options: FEATURED_OPTIONS, value: query.featured, width: 100 },
          ]}
          onChange={setQuery}
        />
      }
      extra={
        <Space>
          <RefreshButton query={{ refetch, isFetching, isLoading }} />
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => void navigate(adminPaths.upload)}>
            上传素材
          </Button>
        </Space>
      }
    >
      <ScrollTable<TAdminMaterial>
        regionLabel="素材列表"
        loadState={list}
        rowKey="sid"
        columns={columns}
        dataSource={data?.materials ?? []}
        loading={isLoading}
        scroll={{ x: 1110 }}
        size="middle"
        locale={{
          emptyText: (
            <Empty
              description={filtered ? '没有符合条件的素材，换个条件试试' : '还没有素材，先上传一些吧'}
              image={Empty.PRESENTED_IMAGE_SIMPLE}
            >
              {!filtered && (
                <Button type="primary" onClick={() => void navigate(adminPaths.upload)}>
                  上传素材
                </Button>
              )}
            </Empty>
          ),
        }}
        pagination={{
          current: query.page,
          pageSize: query.page_size,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          showTotal: (total) => (data?.totalCapped ? `超过 ${total} 个素材，请缩小范围` : `共 ${total} 个素材`),
          onChange: (page, pageSize) => setQuery({ page, page_size: pageSize }),
        }}
      />
      <MaterialEditDrawer material={editing} onClose={() => setEditingSid(null)} />
    </Card>
  );
}
