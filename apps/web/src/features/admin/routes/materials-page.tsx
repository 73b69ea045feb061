import { CloudUploadOutlined, DownOutlined } from '@ant-design/icons';
import {
  ADMIN_MATERIAL_SORT_LABEL,
  ADMIN_MATERIAL_SORTS,
  BULK_JOB_STATUS_LABEL,
  BULK_PICK_MAX,
  LIST_COUNT_CAP,
  MATERIAL_FORMATS,
  MATERIAL_STATUSES,
  MaterialBulkJobMachine,
  type AdminMaterialSort,
  type MaterialFormat,
  type MaterialStatus,
  type TAdminMaterial,
  type TBulkChangeInput,
  type TBulkJob,
} from '@gemstock/contract';
import { Alert, Button, Card, Dropdown, Empty, Flex, Progress, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '@/lib/notify';
import { useBulkJob, useStartBulkEdit } from '../api/bulk-edit';
import { newRequestKey } from '../lib/request-key';
import { type MaterialListFilter, useMaterials } from '../api/get-materials';
import { BULK_ACTIONS, type BulkActionKey } from '../lib/bulk-actions';
import { LoadedOnceOpen } from '../components/loaded-once-open';
import { useReprocessMaterial } from '../api/reprocess-material';
import { LicenceTags, MaterialFlags, MaterialStatusTag } from '../components/material-tags';
import { MaterialThumb } from '../components/material-thumb';
import { CopyableText, PlainText } from '../components/plain-text';
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

const SORT_OPTIONS = ADMIN_MATERIAL_SORTS.map((value) => ({ value, label: ADMIN_MATERIAL_SORT_LABEL[value] }));

// opened by a click: loaded then, not with the list
const MaterialBulkModal = lazy(async () => ({
  default: (await import('../components/material-bulk-modal')).MaterialBulkModal,
}));
const MaterialEditDrawer = lazy(async () => ({
  default: (await import('../components/material-edit-drawer')).MaterialEditDrawer,
}));

type ListQuery = MaterialListFilter & { sort: AdminMaterialSort; page_size: number };

/** The list's filters and order live in the address, so a reload or a shared link shows the same list. */
function useListQuery(): [ListQuery, (next: AddressUpdate) => void] {
  const { params, paging, update } = useAddressQuery();
  const query: ListQuery = {
    q: params.get('q') ?? undefined,
    status: oneOf<MaterialStatus>(MATERIAL_STATUSES, params.get('status')),
    format: oneOf<MaterialFormat>(MATERIAL_FORMATS, params.get('format')),
    disabled: oneOf(['true', 'false'] as const, params.get('disabled')),
    featured: oneOf(['true', 'false'] as const, params.get('featured')),
    sort: oneOf<AdminMaterialSort>(ADMIN_MATERIAL_SORTS, params.get('sort')) ?? 'newest',
    page_size: paging.page_size,
  };
  return [query, update];
}

/** The filter "all matching" freezes, as the server's list reads it. */
function filterOf(query: ListQuery): MaterialListFilter {
  const { q, status, format, disabled, featured } = query;
  return { q, status, format, disabled, featured };
}

/** A running or finished bulk edit: its progress, then what it did. */
function BulkJobProgress({ job, onClose }: { job: TBulkJob; onClose: () => void }) {
  const running = MaterialBulkJobMachine.may('poll', job.status);
  const percent = job.total === 0 ? 100 : Math.floor((job.processed / job.total) * 100);
  const failed = !running && job.lastError !== null;
  return (
    <Alert
      style={{ marginBottom: 16 }}
      type={running ? 'info' : failed ? 'error' : 'success'}
      showIcon
      closable={!running ? { onClose } : false}
      title={
        running
          ? `批量修改${BULK_JOB_STATUS_LABEL[job.status]}：${job.processed} / ${job.total} 个素材`
          : failed
            ? `批量修改失败：已处理 ${job.processed} / ${job.total} 个素材，请重试`
            : `批量修改已完成：${job.total} 个素材`
      }
      description={<Progress percent={percent} size="small" status={failed ? 'exception' : undefined} />}
    />
  );
}

export function MaterialsPage() {
  const [query, setAddress] = useListQuery();
  // Cursors of the pages before this one, so 上一页 goes back the way it came; a new filter starts over.
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const list = useMaterials({ ...query, cursor });
  const { data, isFetching, isLoading, refetch } = list;
  const reprocess = useReprocessMaterial();
  const navigate = useNavigate();
  const [editingSid, setEditingSid] = useState<string | null>(null);
  const editing = data?.materials.find((m) => m.sid === editingSid) ?? null;
  const filtered = Boolean(query.q || query.status || query.format || query.disabled || query.featured);

  // Rows picked on any page of this filter, or every material matching it ("all matching").
  const [selected, setSelected] = useState<string[]>([]);
  const [allMatching, setAllMatching] = useState(false);
  const [action, setAction] = useState<BulkActionKey | null>(null);
  const [jobSid, setJobSid] = useState<string | null>(null);
  const startBulk = useStartBulkEdit();
  // One key per confirmation: 开始修改 clicked twice, or again after a lost answer, starts one job.
  const [bulkKey, setBulkKey] = useState(newRequestKey);
  const job = useBulkJob(jobSid);
  const total = data?.total ?? 0;
  const totalText = data?.totalCapped ? `${LIST_COUNT_CAP.toLocaleString('en-US')}+` : String(total);

  const setQuery = (next: AddressUpdate) => {
    setAddress(next);
    setCursors([undefined]);
    setSelected([]);
    setAllMatching(false);
  };

  const confirmBulk = (change: TBulkChangeInput) =>
    startBulk.mutate(
      { selection: allMatching ? { filter: filterOf(query) } : { sids: selected }, change, idempotencyKey: bulkKey },
      {
        onSuccess: (res) => {
          setBulkKey(newRequestKey());
          setJobSid(res.job.sid);
          setAction(null);
          setSelected([]);
          setAllMatching(false);
          notify.success(`已开始批量修改 ${res.job.total} 个素材`);
        },
      },
    );

  // the rows' text is PlainText / CopyableText rather than Typography.Text: twenty rows of it were
  // a tenth of the work before the first row (components/plain-text.tsx)
  const columns = useMemo<ColumnsType<TAdminMaterial>>(
    () => [
      { title: '缩略图', key: 'thumb', width: 84, render: (_, m) => <MaterialThumb material={m} /> },
      {
        title: '编号',
        dataIndex: 'sid',
        width: 140,
        render: (sid: string) => (
          <CopyableText text={sid} label="复制编号" style={{ fontFamily: 'monospace', fontSize: 12 }}>
            {sid}
          </CopyableText>
        ),
      },
      {
        title: '关键词',
        dataIndex: 'keywords',
        width: 160,
        render: (keywords: string[]) =>
          keywords.length === 0 ? (
            <PlainText type="warning">未设置</PlainText>
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
        width: 105,
        render: (_, m) => (
          <Space orientation="vertical" size={0}>
            <span style={{ fontVariantNumeric: 'tabular-nums' }}>
              {m.width} × {m.height}
            </span>
            <PlainText type="secondary" style={{ fontSize: 12 }}>
              {m.format === 'video' ? `视频 ${m.durationMs != null ? formatDuration(m.durationMs) : ''}` : '图片'}
            </PlainText>
          </Space>
        ),
      },
      { title: '可售授权', dataIndex: 'authTypes', width: 120, render: (_, m) => <LicenceTags types={m.authTypes} /> },
      { title: '状态', key: 'status', width: 100, render: (_, m) => <MaterialStatusTag material={m} /> },
      { title: '喜欢', dataIndex: 'likeCount', width: 52, align: 'right' },
      { title: '销量', dataIndex: 'salesCount', width: 52, align: 'right' },
      { title: '标记', key: 'flags', width: 84, render: (_, m) => <MaterialFlags material={m} /> },
      {
        title: '上传时间',
        dataIndex: 'createdAt',
        width: 100,
        render: (iso: string) => {
          const [date, time] = formatDateTime(iso).split(' ');
          return (
            <Space orientation="vertical" size={0} style={{ fontVariantNumeric: 'tabular-nums' }}>
              <span>{date}</span>
              <PlainText type="secondary" style={{ fontSize: 12 }}>
                {time}
              </PlainText>
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
          <Select<AdminMaterialSort>
            aria-label="排序"
            value={query.sort}
            options={SORT_OPTIONS}
            onChange={(sort) => setQuery({ sort: sort === 'newest' ? undefined : sort })}
            style={{ width: 120 }}
          />
          <RefreshButton query={{ refetch, isFetching, isLoading }} />
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => void navigate(adminPaths.upload)}>
            上传素材
          </Button>
        </Space>
      }
    >
      {job.data && <BulkJobProgress job={job.data} onClose={() => setJobSid(null)} />}
      <Flex align="center" gap={12} wrap style={{ marginBottom: 12, minHeight: 32 }}>
        <Typography.Text>
          {allMatching ? `已选择全部符合条件的 ${totalText} 个素材` : `已选 ${selected.length} 个素材`}
        </Typography.Text>
        {!allMatching && total > 0 && (
          <Button type="link" size="small" onClick={() => setAllMatching(true)}>
            选择全部 {totalText} 个符合条件的素材
          </Button>
        )}
        {(allMatching || selected.length > 0) && (
          <Button
            type="link"
            size="small"
            onClick={() => {
              setSelected([]);
              setAllMatching(false);
            }}
          >
            取消选择
          </Button>
        )}
        <Dropdown
          disabled={!allMatching && selected.length === 0}
          menu={{
            items: BULK_ACTIONS.map((a) => ({ key: a.key, label: a.label })),
            onClick: ({ key }) => setAction(key as BulkActionKey),
          }}
        >
          <Button disabled={!allMatching && selected.length === 0}>
            批量操作 <DownOutlined />
          </Button>
        </Dropdown>
        {!allMatching && selected.length > BULK_PICK_MAX && (
          <Typography.Text type="danger">
            逐个选择最多 {BULK_PICK_MAX} 个，请改用「选择全部符合条件的素材」
          </Typography.Text>
        )}
      </Flex>
      <ScrollTable<TAdminMaterial>
        regionLabel="素材列表"
        loadState={list}
        rowKey="sid"
        rowSelection={{
          selectedRowKeys: allMatching ? (data?.materials.map((m) => m.sid) ?? []) : selected,
          preserveSelectedRowKeys: true,
          // named in Chinese: antd reads its own boxes out as "Select all" / "Select row 3"
          getCheckboxProps: (m) => ({ disabled: allMatching, 'aria-label': `选择素材 ${m.sid}` }),
          getTitleCheckboxProps: () => ({ 'aria-label': '选择本页全部素材' }),
          onChange: (keys) => setSelected(keys.map(String)),
        }}
        columns={columns}
        dataSource={data?.materials ?? []}
        loading={isLoading}
        // the columns' widths and the selection box's 32 px: the whole row fits beside the menu on a
        // 1440 px screen, so the fixed 操作 column covers nothing (上传时间 was cut to "2026-")
        scroll={{ x: 1129 }}
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
        pagination={false}
      />
      <Flex justify="space-between" align="center" gap={8} style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">
          {data?.totalCapped ? `超过 ${totalText} 个素材，可用搜索缩小范围` : `共 ${total} 个素材`}
        </Typography.Text>
        <Space>
          <Select<number>
            aria-label="每页数量"
            value={query.page_size}
            options={[20, 50, 100].map((n) => ({ value: n, label: `${n} 条/页` }))}
            onChange={(n) => setQuery({ page_size: n })}
            style={{ width: 110 }}
          />
          <Button disabled={cursors.length <= 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
            上一页
          </Button>
          <Button disabled={!data?.nextCursor} onClick={() => setCursors((c) => [...c, data?.nextCursor ?? undefined])}>
            下一页
          </Button>
        </Space>
      </Flex>
      <LoadedOnceOpen open={action !== null}>
        <MaterialBulkModal
          action={action}
          target={allMatching ? `全部符合条件的 ${totalText} 个素材` : `已选的 ${selected.length} 个素材`}
          pending={startBulk.isPending}
          onCancel={() => {
            setAction(null);
            setBulkKey(newRequestKey());
          }}
          onConfirm={confirmBulk}
        />
      </LoadedOnceOpen>
      <LoadedOnceOpen open={editing !== null}>
        <MaterialEditDrawer material={editing} onClose={() => setEditingSid(null)} />
      </LoadedOnceOpen>
    </Card>
  );
}
