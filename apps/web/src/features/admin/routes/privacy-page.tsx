import {
  PRIVACY_TEXT_MAX,
  PrivacyRequestKind,
  PrivacyRequestStateMachine,
  PrivacyRequestStatus,
  type TAdminPrivacyRequest,
  chinaLastDayBefore,
  formatYuan,
} from '@gemstock/contract';
import { Alert, Button, Card, Empty, Flex, Form, Input, Modal, Segmented, Space, Spin, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { ScrollTable } from '@/components/scroll-table';
import { formatDateTime } from '@/lib/date-time';
import { notify } from '@/lib/notify';
import {
  useAdminArchiveDownload,
  useCorrectRequest,
  useDeletionPreview,
  useEraseAccount,
  usePrivacyQueue,
  useProduceCopy,
  useRefuseRequest,
} from '../api/privacy';
import { RefreshButton } from '../components/refresh-button';
import { PRIVACY_KIND_TAG, PRIVACY_STATUS_TAG } from '../lib/privacy-labels';
import { adminCountText, useAdminPaging } from '../lib/use-admin-paging';

type StatusFilter = PrivacyRequestStatus | 'ALL';
type KindFilter = PrivacyRequestKind | 'ALL';

/** A note (correction done) or a reason (refusal), asked in a dialog; the user reads it. */
function TextModal({
  request,
  title,
  label,
  okText,
  danger,
  pending,
  onSubmit,
  onClose,
}: {
  request: TAdminPrivacyRequest | null;
  title: string;
  label: string;
  okText: string;
  danger?: boolean;
  pending: boolean;
  onSubmit: (request: TAdminPrivacyRequest, text: string) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ text: string }>();
  return (
    <Modal
      open={request !== null}
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading: pending }}
      cancelText="取消"
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {request && (
        <Form form={form} layout="vertical" onFinish={({ text }) => onSubmit(request, text.trim())}>
          <Typography.Paragraph type="secondary">
            {request.account} · {PRIVACY_KIND_TAG[request.kind].text}
            {request.detail ? `：${request.detail}` : ''}
          </Typography.Paragraph>
          <Form.Item
            label={label}
            name="text"
            rules={[
              { required: true, whitespace: true, message: `请填写${label.replace(/（.*）/, '')}` },
              { max: PRIVACY_TEXT_MAX, message: `最多 ${PRIVACY_TEXT_MAX} 个字` },
            ]}
          >
            <Input.TextArea count={{ show: true, max: PRIVACY_TEXT_MAX }} autoSize={{ minRows: 3, maxRows: 6 }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

function Lines({ items }: { items: readonly string[] }) {
  return (
    <ul style={{ margin: 0, paddingLeft: 20, lineHeight: 1.9 }}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** Asks before a deletion is carried out: which accounts, what is removed and what is kept. */
function EraseModal({ request, onClose }: { request: TAdminPrivacyRequest | null; onClose: () => void }) {
  const preview = useDeletionPreview(request?.sid ?? null);
  const erase = useEraseAccount();
  const blocked = (preview.data?.blockers.length ?? 0) > 0;
  return (
    <Modal
      open={request !== null}
      title="确认注销账号"
      okText="注销并删除个人信息"
      okButtonProps={{ danger: true, loading: erase.isPending, disabled: !preview.data || blocked }}
      cancelText="取消"
      onCancel={onClose}
      onOk={() =>
        request &&
        erase.mutate(request.sid, {
          onSuccess: () => {
            notify.success('账号已注销，已通知用户');
            onClose();
          },
        })
      }
      destroyOnHidden
      width={600}
    >
      {preview.isLoading && <Spin />}
      {preview.isError && (
        <Alert
          type="error"
          showIcon
          title="无法读取注销影响"
          action={
            <Button size="small" onClick={() => void preview.refetch()}>
              重试
            </Button>
          }
        />
      )}
      {preview.data && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {blocked && (
            <Alert
              type="warning"
              showIcon
              title="以下事项完成前不能注销"
              description={preview.data.blockers.join('；')}
            />
          )}
          <Typography.Text strong>注销的账号</Typography.Text>
          <Lines items={preview.data.accounts} />
          <Typography.Text strong type="danger">
            将删除
          </Typography.Text>
          <Lines items={preview.data.removed} />
          <Typography.Text strong>依法保留</Typography.Text>
          <Lines items={preview.data.kept} />
          <Typography.Text type="secondary">此操作不可撤销。</Typography.Text>
        </Space>
      )}
    </Modal>
  );
}

/**
 * 隐私请求: personal-information requests (PIPL) by their deadline, 15 working days after the
 * request in China time with public holidays, overdue ones marked. The operator makes a
 * correction and marks it done, produces the copy, carries out a deletion after seeing what it
 * removes and keeps, or refuses with a reason; the user is told each time (decision 0043).
 */
export function PrivacyPage() {
  const [status, setStatus] = useState<StatusFilter>(PrivacyRequestStatus.PENDING);
  const [kind, setKind] = useState<KindFilter>('ALL');
  const { page, pageSize, setPage, cursor, pagination } = useAdminPaging(`${status}|${kind}`);
  const query = usePrivacyQueue({
    status: status === 'ALL' ? undefined : status,
    kind: kind === 'ALL' ? undefined : kind,
    page,
    page_size: pageSize,
    ...(cursor ? { cursor } : {}),
  });
  const [correcting, setCorrecting] = useState<TAdminPrivacyRequest | null>(null);
  const [refusing, setRefusing] = useState<TAdminPrivacyRequest | null>(null);
  const [erasing, setErasing] = useState<TAdminPrivacyRequest | null>(null);
  const correct = useCorrectRequest();
  const refuse = useRefuseRequest();
  const produce = useProduceCopy();
  const download = useAdminArchiveDownload();

  const columns: ColumnsType<TAdminPrivacyRequest> = [
    {
      title: '答复期限',
      dataIndex: 'dueAt',
      width: 120,
      render: (iso: string, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text type={row.overdue ? 'danger' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {chinaLastDayBefore(new Date(iso))} 前
          </Typography.Text>
          {row.overdue && <Tag color="error">已逾期</Tag>}
        </Space>
      ),
    },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 100,
      render: (value: PrivacyRequestKind) => (
        <Tag color={PRIVACY_KIND_TAG[value].color}>{PRIVACY_KIND_TAG[value].text}</Tag>
      ),
    },
    {
      title: '账号 / 企业',
      key: 'account',
      width: 220,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text ellipsis={{ tooltip: row.account }} style={{ maxWidth: 200 }}>
            {row.account}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.mainAccount ? '主账号' : '子账号'}
            {row.company ? ` · ${row.company}` : ''}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            提交于 {formatDateTime(row.createdAt)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '用户说明',
      dataIndex: 'detail',
      render: (detail: string | null, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Paragraph
            style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}
            ellipsis={{ rows: 3, expandable: true }}
          >
            {detail ?? '—'}
          </Typography.Paragraph>
          {row.forfeitedBalanceCents !== null && (
            <Typography.Text type="warning" style={{ fontSize: 12 }}>
              已确认放弃钱包余额 {formatYuan(row.forfeitedBalanceCents)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 160,
      render: (value: PrivacyRequestStatus, row) => (
        <Space orientation="vertical" size={0}>
          <Tag color={PRIVACY_STATUS_TAG[value].color}>{PRIVACY_STATUS_TAG[value].text}</Tag>
          {row.resolution && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.resolution}
            </Typography.Text>
          )}
          {row.resolvedAt && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(row.resolvedAt)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_, row) => {
        const can = PrivacyRequestStateMachine.capabilities(row.status);
        if (can.refuse) {
          return (
            <Space size={4} wrap>
              {row.kind === PrivacyRequestKind.CORRECTION && (
                <Button type="primary" size="small" onClick={() => setCorrecting(row)}>
                  已更正
                </Button>
              )}
              {row.kind === PrivacyRequestKind.COPY && (
                <Button
                  type="primary"
                  size="small"
                  loading={produce.isPending && produce.variables === row.sid}
                  onClick={() =>
                    produce.mutate(row.sid, { onSuccess: () => notify.success('副本已生成，已通知用户下载') })
                  }
                >
                  生成副本
                </Button>
              )}
              {row.kind === PrivacyRequestKind.DELETION && (
                <Button danger type="primary" size="small" onClick={() => setErasing(row)}>
                  注销
                </Button>
              )}
              <Button size="small" onClick={() => setRefusing(row)}>
                拒绝
              </Button>
            </Space>
          );
        }
        if (can.download && row.archiveExpiresAt) {
          return (
            <Space orientation="vertical" size={0}>
              <Button
                size="small"
                loading={download.isPending && download.variables === row.sid}
                onClick={() => download.mutate(row.sid)}
              >
                下载副本
              </Button>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {chinaLastDayBefore(new Date(row.archiveExpiresAt))} 前有效
              </Typography.Text>
            </Space>
          );
        }
        return <Typography.Text type="secondary">—</Typography.Text>;
      },
    },
  ];

  if (query.isError) {
    return <LoadError title="隐私请求加载失败" error={query.error} onRetry={() => void query.refetch()} />;
  }
  const data = query.data;

  return (
    <Card
      title={
        <Flex wrap gap={8} align="center" style={{ paddingBlock: 12 }}>
          <Segmented<StatusFilter>
            aria-label="按状态筛选"
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            options={[
              { value: PrivacyRequestStatus.PENDING, label: '待处理' },
              { value: PrivacyRequestStatus.DONE, label: '已完成' },
              { value: PrivacyRequestStatus.REFUSED, label: '已拒绝' },
              { value: 'ALL', label: '全部' },
            ]}
          />
          <Segmented<KindFilter>
            aria-label="按类型筛选"
            value={kind}
            onChange={(value) => {
              setKind(value);
              setPage(1);
            }}
            options={[
              { value: 'ALL', label: '全部类型' },
              { value: PrivacyRequestKind.COPY, label: '获取副本' },
              { value: PrivacyRequestKind.CORRECTION, label: '更正' },
              { value: PrivacyRequestKind.DELETION, label: '注销账号' },
            ]}
          />
        </Flex>
      }
      extra={<RefreshButton query={query} />}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="请在答复期限（提交后 15 个工作日，按法定节假日计）内处理"
        description="更正：在相应页面改正后点“已更正”并写明改了什么；获取副本：点“生成副本”，用户可在 7 天内下载；注销：先确认影响，再注销（不可撤销）；无法办理的，写明原因后拒绝。每项处理都会通知用户并记入操作日志。"
      />
      <ScrollTable<TAdminPrivacyRequest>
        regionLabel="隐私请求列表"
        rowKey="sid"
        columns={columns}
        dataSource={data?.requests ?? []}
        loading={query.isLoading}
        scroll={{ x: 1000 }}
        size="middle"
        rowClassName={(row) => (row.overdue ? 'gs-row-overdue' : '')}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={status === 'ALL' ? '没有符合条件的请求' : `没有${PRIVACY_STATUS_TAG[status].text}的请求`}
            />
          ),
        }}
        pagination={pagination(data ?? 0, () => adminCountText(data, '条'), { stale: query.isPlaceholderData })}
      />
      <TextModal
        request={correcting}
        title="完成更正"
        label="处理说明（用户可见）"
        okText="标记为已更正"
        pending={correct.isPending}
        onSubmit={(request, note) =>
          correct.mutate(
            { sid: request.sid, note },
            {
              onSuccess: () => {
                notify.success('已完成，已通知用户');
                setCorrecting(null);
              },
            },
          )
        }
        onClose={() => setCorrecting(null)}
      />
      <TextModal
        request={refusing}
        title="拒绝请求"
        label="拒绝原因（用户可见）"
        okText="拒绝"
        danger
        pending={refuse.isPending}
        onSubmit={(request, reason) =>
          refuse.mutate(
            { sid: request.sid, reason },
            {
              onSuccess: () => {
                notify.success('已拒绝，已通知用户');
                setRefusing(null);
              },
            },
          )
        }
        onClose={() => setRefusing(null)}
      />
      <EraseModal request={erasing} onClose={() => setErasing(null)} />
    </Card>
  );
}
