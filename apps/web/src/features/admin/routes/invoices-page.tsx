import { UploadOutlined } from '@ant-design/icons';
import { InvoiceStatus, InvoiceType, type TAdminInvoice, chinaLastDayBefore, formatYuan } from '@gemstock/contract';
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
  Progress,
  Segmented,
  Space,
  Tag,
  Typography,
  Upload,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { notify } from '@/lib/notify';
import { issueInvoice, useInvoiceQueue, useRejectInvoice } from '../api/invoices';
import { RefreshButton } from '../components/refresh-button';
import { useAdminPaging } from '../lib/use-admin-paging';
import { formatDateTime } from '@/lib/date-time';
import { ScrollTable } from '@/components/scroll-table';

type StatusFilter = InvoiceStatus | 'ALL';

const STATUS_TAG: Record<InvoiceStatus, { color: string; text: string }> = {
  [InvoiceStatus.REQUESTED]: { color: 'processing', text: '待开具' },
  [InvoiceStatus.ISSUED]: { color: 'success', text: '已开具' },
  [InvoiceStatus.REJECTED]: { color: 'default', text: '已驳回' },
};

const TYPE_TEXT: Record<InvoiceType, string> = {
  [InvoiceType.ORDINARY]: '增值税普通发票',
  [InvoiceType.SPECIAL]: '增值税专用发票',
};

/** 上传发票 of one request: picks a PDF and shows the upload's progress until it is issued. */
function IssueButton({ invoice }: { invoice: TAdminInvoice }) {
  const [percent, setPercent] = useState<number | null>(null);
  return (
    <Flex vertical gap={4} style={{ minWidth: 120 }}>
      <Upload
        accept="application/pdf,.pdf"
        showUploadList={false}
        disabled={percent !== null}
        customRequest={({ file, onSuccess, onError }) => {
          setPercent(0);
          issueInvoice(invoice.sid, file as File, { onProgress: (p) => setPercent(p.percent) })
            .then((issued) => {
              notify.success(`发票已开具，已通知买家（${issued.company}）`);
              onSuccess?.(issued);
            })
            .catch((error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))))
            .finally(() => setPercent(null));
        }}
      >
        <Button type="primary" size="small" icon={<UploadOutlined />} loading={percent !== null}>
          上传发票 PDF
        </Button>
      </Upload>
      {percent !== null && <Progress percent={percent} size="small" aria-label="发票上传进度" />}
    </Flex>
  );
}

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
            {invoice.company} · {TYPE_TEXT[invoice.type]} · {formatYuan(invoice.amount)}
          </Typography.Paragraph>
          <Form.Item
            label="驳回原因（买家可见）"
            name="reason"
            rules={[{ required: true, whitespace: true, message: '请填写驳回原因' }]}
          >
            <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/**
 * The invoice queue: requests by due date (10 working days after the request), overdue ones
 * marked. The operator issues the 发票 in the tax system, uploads its PDF here (the buyer is told
 * and can download it), or rejects the request with a reason.
 */
export function InvoicesPage() {
  const [status, setStatus] = useState<StatusFilter>(InvoiceStatus.REQUESTED);
  const { page, pageSize, setPage, pagination } = useAdminPaging();
  const [rejecting, setRejecting] = useState<TAdminInvoice | null>(null);
  const query = useInvoiceQueue({ status: status === 'ALL' ? undefined : status, page, page_size: pageSize });
  const { data, isLoading } = query;

  const columns: ColumnsType<TAdminInvoice> = [
    {
      title: '开具期限',
      dataIndex: 'dueAt',
      width: 150,
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
      title: '抬头 / 税号',
      key: 'title',
      width: 260,
      render: (_, invoice) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text copyable={{ text: invoice.title, tooltips: ['复制抬头', '已复制'] }}>
            {invoice.title}
          </Typography.Text>
          <Typography.Text
            type="secondary"
            style={{ fontFamily: 'monospace' }}
            copyable={{ text: invoice.number, tooltips: ['复制税号', '已复制'] }}
          >
            {invoice.number}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '类型',
      dataIndex: 'type',
      width: 140,
      render: (type: InvoiceType) => (
        <Tag color={type === InvoiceType.SPECIAL ? 'gold' : 'blue'}>{TYPE_TEXT[type]}</Tag>
      ),
    },
    {
      title: '金额',
      dataIndex: 'amount',
      width: 120,
      align: 'right',
      render: (cents: number) => formatYuan(cents),
    },
    {
      title: '订单',
      dataIndex: 'orderNos',
      width: 200,
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
      width: 200,
      render: (_, invoice) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text ellipsis={{ tooltip: invoice.company }} style={{ maxWidth: 180 }}>
            {invoice.company}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {invoice.requestedBy} · {formatDateTime(invoice.createdAt)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 160,
      render: (value: InvoiceStatus, invoice) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATUS_TAG[value].color}>{STATUS_TAG[value].text}</Tag>
          {invoice.rejectReason && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {invoice.rejectReason}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 230,
      fixed: 'right',
      render: (_, invoice) =>
        invoice.status === InvoiceStatus.REQUESTED ? (
          <Space size={4} align="start">
            <IssueButton invoice={invoice} />
            <Button danger size="small" onClick={() => setRejecting(invoice)}>
              驳回
            </Button>
          </Space>
        ) : (
          <Typography.Text type="secondary">
            {invoice.issuedAt ? `开具于 ${formatDateTime(invoice.issuedAt)}` : '—'}
          </Typography.Text>
        ),
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
              { value: 'ALL', label: '全部' },
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
        title="请在开具期限（申请后 10 个工作日）内开具"
        description="在税务系统中按抬头、税号与金额开具发票后，上传发票 PDF，买家即可在“我的订单”中下载；信息有误无法开具的，填写原因后驳回，买家修改后可重新申请。"
      />
      <ScrollTable<TAdminInvoice>
        regionLabel="发票申请列表"
        rowKey="sid"
        columns={columns}
        dataSource={data?.invoices ?? []}
        loading={isLoading}
        scroll={{ x: 1460 }}
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
              description={status === InvoiceStatus.REQUESTED ? '没有待开具的发票申请' : '没有符合条件的发票申请'}
            />
          ),
        }}
        pagination={pagination(data?.total ?? 0, (total) => `共 ${total} 条`)}
      />
      <RejectModal invoice={rejecting} onClose={() => setRejecting(null)} />
    </Card>
  );
}
