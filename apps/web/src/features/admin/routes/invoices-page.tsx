import {
  INVOICE_REASON_MAX,
  InvoiceStateMachine,
  InvoiceStatus,
  InvoiceType,
  type InvoiceVoidKind,
  type TAdminInvoice,
  chinaLastDayBefore,
  formatYuan,
} from '@gemstock/contract';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Segmented,
  Space,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { limitRule } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useInvoiceQueue, useRejectInvoice } from '../api/invoices';
import {
  INVOICE_STATUS_TAG,
  INVOICE_TYPE_TEXT,
  IssueInvoiceButton,
  VOID_KIND_TEXT,
  VoidInvoiceModal,
} from '../components/invoice-actions';
import { RefreshButton } from '../components/refresh-button';
import { adminCountText, useAdminPaging } from '../lib/use-admin-paging';
import { formatDateTime } from '@/lib/date-time';
import { ScrollTable } from '@/components/scroll-table';
import { ExportButton } from '../components/export-button';

type StatusFilter = InvoiceStatus | 'ALL';

function RejectModal({ invoice, onClose }: { invoice: TAdminInvoice | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectInvoice();
  return (
    <Modal
      open={invoice !== null}
      title="驳回发票申请"
      okText="驳回"
      okButtonProps={{ danger: true, loading: reject.isPending }}
      cancelText="取消"
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {invoice && (
        <Form
          form={form}
          layout="vertical"
          onFinish={({ reason }) =>
            reject.mutate(
              { sid: invoice.sid, reason },
              {
                onSuccess: () => {
                  notify.success('已驳回，已通知买家');
                  onClose();
                },
              },
            )
          }
        >
          <Typography.Paragraph type="secondary">
            {invoice.company} · {INVOICE_TYPE_TEXT[invoice.type]} · {formatYuan(invoice.amount)}
          </Typography.Paragraph>
          <Form.Item
            label="驳回原因（买家可见）"
            name="reason"
            rules={[
              { required: true, whitespace: true, message: '请填写驳回原因' },
              limitRule(INVOICE_REASON_MAX, '驳回原因'),
            ]}
          >
            <Input.TextArea count={{ show: true, max: INVOICE_REASON_MAX }} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/**
 * The invoice queue: requests by due date (10 working days after the request), overdue ones
 * marked. The operator issues the 发票 in the tax system, picks its PDF here and confirms it beside
 * the request (the buyer is told and can download it), or rejects the request with a reason; a
 * wrong issued one is voided or reversed and issued again (decision 0025).
 */
export function InvoicesPage() {
  const [status, setStatus] = useState<StatusFilter>(InvoiceStatus.REQUESTED);
  const { page, pageSize, setPage, cursor, pagination } = useAdminPaging(status);
  const [rejecting, setRejecting] = useState<TAdminInvoice | null>(null);
  const [voiding, setVoiding] = useState<TAdminInvoice | null>(null);
  const query = useInvoiceQueue({
    status: status === 'ALL' ? undefined : status,
    page,
    page_size: pageSize,
    ...(cursor ? { cursor } : {}),
  });
  const { data, isLoading } = query;

  // Fits the console's content width at 1440 px (about 1,130 px beside the menu) without
  // scrolling, so nothing sits behind the fixed 操作 column; narrower screens scroll.
  const columns: ColumnsType<TAdminInvoice> = [
    {
      title: '开具期限',
      dataIndex: 'dueAt',
      width: 112,
      render: (iso: string, invoice) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text type={invoice.overdue ? 'danger' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {chinaLastDayBefore(new Date(iso))} 前
          </Typography.Text>
          {invoice.overdue && <Tag color="error">已逾期</Tag>}
        </Space>
      ),
    },
    {
      title: '抬头 / 税号 / 类型',
      key: 'title',
      width: 230,
      render: (_, invoice) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text copyable={{ text: invoice.title, tooltips: ['复制抬头', '已复制'] }}>
            {invoice.title}
          </Typography.Text>
          <Typography.Text
            type="secondary"
            style={{ fontFamily: 'monospace', fontSize: 12 }}
            copyable={{ text: invoice.number, tooltips: ['复制税号', '已复制'] }}
          >
            {invoice.number}
          </Typography.Text>
          <Tag color={invoice.type === InvoiceType.SPECIAL ? 'gold' : 'blue'} style={{ marginTop: 2 }}>
            {INVOICE_TYPE_TEXT[invoice.type]}
          </Tag>
        </Space>
      ),
    },
    {
      title: '金额',
      dataIndex: 'amount',
      width: 104,
      align: 'right',
      render: (cents: number) => formatYuan(cents),
    },
    {
      title: '订单',
      dataIndex: 'orderNos',
      width: 186,
      render: (orderNos: string[]) => (
        <Space orientation="vertical" size={0}>
          {orderNos.map((no) => (
            <Typography.Text key={no} style={{ fontFamily: 'monospace', fontSize: 12 }}>
              {no}
            </Typography.Text>
          ))}
        </Space>
      ),
    },
    {
      title: '申请人 / 时间',
      key: 'requested',
      width: 170,
      render: (_, invoice) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text ellipsis={{ tooltip: invoice.company }} style={{ maxWidth: 150 }}>
            {invoice.company}
          </Typography.Text>
          <Typography.Text
            type="secondary"
            ellipsis={{ tooltip: invoice.requestedBy }}
            style={{ fontSize: 12, maxWidth: 150 }}
          >
            {invoice.requestedBy}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(invoice.createdAt)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 150,
      render: (value: InvoiceStatus, invoice) => (
        <Space orientation="vertical" size={0}>
          <Space size={4} wrap>
            <Tag color={INVOICE_STATUS_TAG[value].color}>{INVOICE_STATUS_TAG[value].text}</Tag>
            {invoice.replaces && <Tag color="warning">重开</Tag>}
          </Space>
          {invoice.rejectReason && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {invoice.rejectReason}
            </Typography.Text>
          )}
          {invoice.voidReason && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              原因：{invoice.voidReason}
            </Typography.Text>
          )}
          {invoice.replacedBySid && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              已生成重开申请
            </Typography.Text>
          )}
          {invoice.replaces && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              原发票已{VOID_KIND_TEXT[invoice.replaces.status as InvoiceVoidKind] ?? '作废'}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 132,
      fixed: 'right',
      render: (_, invoice) => {
        const can = InvoiceStateMachine.capabilities(invoice.status);
        if (can.issue) {
          return (
            <Space size={4} wrap>
              <IssueInvoiceButton invoice={invoice} />
              <Button danger size="small" onClick={() => setRejecting(invoice)}>
                驳回
              </Button>
            </Space>
          );
        }
        if (can.void || can.reverse) {
          return (
            <Space orientation="vertical" size={2}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {invoice.issuedAt ? `开具于 ${formatDateTime(invoice.issuedAt)}` : '—'}
              </Typography.Text>
              <Button danger size="small" onClick={() => setVoiding(invoice)}>
                作废 / 红冲
              </Button>
            </Space>
          );
        }
        return (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {invoice.voidedAt
              ? `${VOID_KIND_TEXT[invoice.status as InvoiceVoidKind]}于 ${formatDateTime(invoice.voidedAt)}`
              : '—'}
          </Typography.Text>
        );
      },
    },
  ];

  if (query.isError) {
    return <LoadError title="发票申请加载失败" error={query.error} onRetry={() => void query.refetch()} />;
  }

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
              { value: InvoiceStatus.REQUESTED, label: '待开具' },
              { value: InvoiceStatus.ISSUED, label: '已开具' },
              { value: InvoiceStatus.REJECTED, label: '已驳回' },
              { value: InvoiceStatus.VOIDED, label: '已作废' },
              { value: InvoiceStatus.REVERSED, label: '已红冲' },
              { value: 'ALL', label: '全部' },
            ]}
          />
        </Flex>
      }
      extra={
        <Space>
          <ExportButton kind="invoices" filters={{ status: status === 'ALL' ? undefined : status }} />
          <RefreshButton query={query} />
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="请在开具期限（申请后 10 个工作日）内开具"
        description="在税务系统中按抬头、税号与金额开具发票后，点击“开具”选择发票 PDF，核对文件与申请一致后确认开具，买家即可在“我的订单”中下载；信息有误无法开具的，填写原因后驳回。已开具的发票开错了，可作废或红冲并按原申请重开。"
      />
      <ScrollTable<TAdminInvoice>
        regionLabel="发票申请列表"
        rowKey="sid"
        columns={columns}
        dataSource={data?.invoices ?? []}
        loading={isLoading}
        scroll={{ x: 1084 }}
        size="middle"
        expandable={{
          rowExpandable: (invoice) => invoice.type === InvoiceType.SPECIAL,
          expandedRowRender: (invoice) => (
            <Descriptions size="small" column={2} title="专票信息">
              <Descriptions.Item label="注册地址">
                <Typography.Text copyable>{invoice.address ?? '—'}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="注册电话">
                <Typography.Text copyable>{invoice.phone ?? '—'}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="开户银行">
                <Typography.Text copyable>{invoice.bank ?? '—'}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="银行账号">
                <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
                  {invoice.account ?? '—'}
                </Typography.Text>
              </Descriptions.Item>
            </Descriptions>
          ),
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={InvoiceStateMachine.may('issue', status) ? '没有待开具的发票申请' : '没有符合条件的发票申请'}
            />
          ),
        }}
        pagination={pagination(data ?? 0, () => adminCountText(data, '条'), { stale: query.isPlaceholderData })}
      />
      <RejectModal invoice={rejecting} onClose={() => setRejecting(null)} />
      <VoidInvoiceModal invoice={voiding} onClose={() => setVoiding(null)} />
    </Card>
  );
}
