import {
  MaterialReview,
  REVIEW_BATCH_MAX,
  REVIEW_REASON_MAX,
  type TAdminMaterial,
  UPLOAD_FILE_STATUS_LABEL,
} from '@gemstock/contract';
import { Alert, Button, Card, Empty, Flex, Input, Modal, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { OverLimit } from '@/components/over-limit';
import { tooLongMessage } from '@/lib/form';
import { notify } from '@/lib/notify';
import { type ReviewDecision, useReviewDecision, useReviewQueue } from '../api/review';
import { MaterialEditDrawer } from '../components/material-edit-drawer';
import { LicenceTags, MaterialStatusTag } from '../components/material-tags';
import { MaterialThumb } from '../components/material-thumb';
import { adminPaths } from '../lib/admin-paths';
import { formatDateTime } from '@/lib/date-time';

const PAGE_SIZE = 20;

type QueueState = typeof MaterialReview.PENDING | typeof MaterialReview.REJECTED;

/** What review should look at before deciding: a look-alike, a size no standard licence fits. */
export function ReviewFlags({ material }: { material: TAdminMaterial }) {
  if (!material.similarTo && !material.licenceWarning) return null;
  return (
    <Flex vertical gap={4}>
      {material.similarTo && (
        <Tooltip title={`感知哈希相差 ${material.similarTo.distance} 位，请对比后再决定是否上架`}>
          <Tag color="warning" style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
            疑似重复：
            <Link to={`${adminPaths.materials}?q=${encodeURIComponent(material.similarTo.sid)}`}>
              {material.similarTo.sid}
            </Link>
          </Tag>
        </Tooltip>
      )}
      {material.licenceWarning && (
        <Tag color="error" style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
          {material.licenceWarning}
        </Tag>
      )}
    </Flex>
  );
}

/**
 * 素材审核: uploads waiting for review (and those rejected). Each row, or the rows selected, is
 * listed for sale (提交上架) or rejected with a reason (驳回); keywords are edited in the drawer
 * before listing. The server takes a selection all or none.
 */
export function ReviewPage() {
  const [params, setParams] = useSearchParams();
  const state: QueueState =
    params.get('state') === MaterialReview.REJECTED ? MaterialReview.REJECTED : MaterialReview.PENDING;
  const batch = params.get('batch') ?? undefined;
  // Cursors of the pages before this one, so 上一页 goes back the way it came.
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const queue = useReviewQueue({ state, batch, cursor, page_size: PAGE_SIZE });
  const decide = useReviewDecision();
  const [selected, setSelected] = useState<string[]>([]);
  const [rejecting, setRejecting] = useState<string[] | null>(null);
  const [reason, setReason] = useState('');
  const reasonTooLong = tooLongMessage(reason, REVIEW_REASON_MAX, '驳回原因');
  const [editing, setEditing] = useState<TAdminMaterial | null>(null);

  const materials = queue.data?.materials ?? [];
  const bySid = new Map(materials.map((m) => [m.sid, m]));
  const selectedMaterials = selected.flatMap((sid) => bySid.get(sid) ?? []);
  const notReady = selectedMaterials.filter((m) => m.status !== 'ready');

  const setFilter = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
    setCursors([undefined]);
    setSelected([]);
  };

  const run = (decision: ReviewDecision) =>
    decide.mutate(decision, {
      onSuccess: (res) => {
        notify.success(
          decision.action === 'list'
            ? `已上架 ${res.materials.length} 个素材`
            : `已驳回 ${res.materials.length} 个素材`,
        );
        setSelected((list) => list.filter((sid) => !decision.sids.includes(sid)));
        setRejecting(null);
        setReason('');
      },
    });

  const confirmReject = () => {
    if (!rejecting) return;
    const text = reason.trim();
    if (!text) {
      notify.error('请填写驳回原因');
      return;
    }
    if (reasonTooLong) return;
    run({ action: 'reject', sids: rejecting, reason: text });
  };

  return (
    <Flex vertical gap={16}>
      <Card>
        <Tabs
          activeKey={state}
          onChange={(key) => setFilter({ state: key === MaterialReview.REJECTED ? key : null })}
          items={[
            { key: MaterialReview.PENDING, label: '待审核' },
            { key: MaterialReview.REJECTED, label: '已驳回' },
          ]}
        />
        <Flex align="center" justify="space-between" wrap gap={12}>
          <Space wrap>
            {batch && (
              <Tag closable onClose={() => setFilter({ batch: null })} color="blue">
                仅看上传批次 {batch}
              </Tag>
            )}
            <Typography.Text type="secondary">
              {queue.data ? `共 ${queue.data.total}${queue.data.totalCapped ? '+' : ''} 个` : ''}
              {selected.length > 0 && `，已选 ${selected.length} 个`}
            </Typography.Text>
          </Space>
          {state === MaterialReview.PENDING && (
            <Space wrap>
              <Button
                type="primary"
                disabled={selected.length === 0 || notReady.length > 0}
                loading={decide.isPending && !rejecting}
                onClick={() => run({ action: 'list', sids: selected })}
              >
                批量提交上架
              </Button>
              <Button danger disabled={selected.length === 0} onClick={() => setRejecting(selected)}>
                批量驳回
              </Button>
            </Space>
          )}
          {state === MaterialReview.REJECTED && (
            <Button
              disabled={selected.length === 0 || notReady.length > 0}
              loading={decide.isPending}
              onClick={() => run({ action: 'list', sids: selected })}
            >
              重新提交上架
            </Button>
          )}
        </Flex>
        {notReady.length > 0 && (
          <Alert
            style={{ marginTop: 12 }}
            type="info"
            showIcon
            title={`所选素材中有 ${notReady.length} 个尚未处理完成，处理完成后才能上架`}
          />
        )}
      </Card>

      <Card>
        {queue.isError && !queue.data ? (
          <LoadError title="审核列表加载失败" error={queue.error} onRetry={() => void queue.refetch()} />
        ) : (
          <>
            <Table<TAdminMaterial>
              rowKey="sid"
              loading={queue.isFetching && !queue.data}
              dataSource={materials}
              pagination={false}
              size="middle"
              scroll={{ x: 1000 }}
              rowSelection={{
                selectedRowKeys: selected,
                // named in Chinese: antd reads its own boxes out as "Select all" / "Select row 3"
                getCheckboxProps: (m) => ({ 'aria-label': `选择素材 ${m.sid}` }),
                getTitleCheckboxProps: () => ({ 'aria-label': '选择本页全部素材' }),
                // a selection past the batch limit is refused out loud, never cut to its first rows
                onChange: (keys) => {
                  if (keys.length > REVIEW_BATCH_MAX) notify.warning(`一次最多选择 ${REVIEW_BATCH_MAX} 个素材`);
                  else setSelected(keys as string[]);
                },
              }}
              locale={{
                emptyText: (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={state === MaterialReview.PENDING ? '没有待审核的素材' : '没有已驳回的素材'}
                  />
                ),
              }}
              columns={[
                { title: '预览', key: 'thumb', width: 96, render: (_, m) => <MaterialThumb material={m} /> },
                {
                  title: '素材',
                  key: 'sid',
                  width: 220,
                  render: (_, m) => (
                    <Space orientation="vertical" size={2}>
                      <Typography.Text copyable={{ text: m.sid }}>{m.sid}</Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {m.format === 'video' ? '视频' : '图片'} · {m.width} × {m.height}
                      </Typography.Text>
                      <LicenceTags types={m.authTypes} />
                    </Space>
                  ),
                },
                {
                  title: '关键词',
                  key: 'keywords',
                  render: (_, m) => (
                    <Space size={[4, 4]} wrap>
                      {m.keywords.length === 0 ? (
                        <Typography.Text type="warning">未填写关键词</Typography.Text>
                      ) : (
                        m.keywords.map((k) => (
                          <Tag key={k} style={{ marginInlineEnd: 0 }}>
                            {k}
                          </Tag>
                        ))
                      )}
                      <Button type="link" size="small" onClick={() => setEditing(m)}>
                        编辑
                      </Button>
                    </Space>
                  ),
                },
                {
                  title: '提示',
                  key: 'flags',
                  width: 260,
                  render: (_, m) => (
                    <Flex vertical gap={4}>
                      {m.status !== 'ready' && <MaterialStatusTag material={m} />}
                      <ReviewFlags material={m} />
                      {m.review === MaterialReview.REJECTED && m.reviewReason && (
                        <Typography.Text type="danger">驳回原因：{m.reviewReason}</Typography.Text>
                      )}
                    </Flex>
                  ),
                },
                {
                  title: '上传时间',
                  key: 'createdAt',
                  width: 160,
                  render: (_, m) => formatDateTime(m.createdAt),
                },
                {
                  title: '操作',
                  key: 'actions',
                  width: 170,
                  fixed: 'right',
                  render: (_, m) => (
                    <Space size={0}>
                      <Button
                        type="link"
                        size="small"
                        disabled={m.status !== 'ready'}
                        onClick={() => run({ action: 'list', sids: [m.sid] })}
                      >
                        提交上架
                      </Button>
                      {m.review === MaterialReview.PENDING && (
                        <Button type="link" size="small" danger onClick={() => setRejecting([m.sid])}>
                          驳回
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]}
            />
            <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }}>
              <Button disabled={cursors.length <= 1} onClick={() => setCursors((list) => list.slice(0, -1))}>
                上一页
              </Button>
              <Button
                disabled={!queue.data?.nextCursor}
                onClick={() => setCursors((list) => [...list, queue.data?.nextCursor ?? undefined])}
              >
                下一页
              </Button>
            </Flex>
          </>
        )}
      </Card>

      <Modal
        open={rejecting !== null}
        title={rejecting && rejecting.length > 1 ? `驳回 ${rejecting.length} 个素材` : '驳回素材'}
        okText="驳回"
        okButtonProps={{ danger: true, loading: decide.isPending }}
        cancelText="取消"
        onOk={confirmReject}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          驳回后素材不会上架，原因会显示在上传批次中。{UPLOAD_FILE_STATUS_LABEL.rejected}的素材之后仍可重新提交上架。
        </Typography.Paragraph>
        <Input.TextArea
          aria-label="驳回原因"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          count={{ show: true, max: REVIEW_REASON_MAX }}
          status={reasonTooLong ? 'error' : undefined}
          rows={3}
          placeholder="例如：画面模糊、背景不干净、与已有素材重复"
        />
        <OverLimit message={reasonTooLong} />
      </Modal>

      <MaterialEditDrawer material={editing} onClose={() => setEditing(null)} />
    </Flex>
  );
}
