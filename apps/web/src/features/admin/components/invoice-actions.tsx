import { UploadOutlined } from '@ant-design/icons';
import {
  INVOICE_REASON_MAX,
  InvoiceStatus,
  InvoiceType,
  InvoiceVoidKind,
  type TAdminInvoice,
  formatYuan,
} from '@gemstock/contract';
import {
  Alert,
  Button,
  Checkbox,
  Descriptions,
  Flex,
  Form,
  Input,
  Modal,
  Progress,
  Radio,
  Space,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useState } from 'react';
import { limitRule } from '@/lib/form';
import { notify } from '@/lib/notify';
import { issueInvoice, useVoidInvoice } from '../api/invoices';
import { PdfPreview } from './pdf-preview';

export const INVOICE_TYPE_TEXT: Record<InvoiceType, string> = {
  [InvoiceType.ORDINARY]: '增值税普通发票',
  [InvoiceType.SPECIAL]: '增值税专用发票',
};

export const INVOICE_STATUS_TAG: Record<InvoiceStatus, { color: string; text: string }> = {
  [InvoiceStatus.REQUESTED]: { color: 'processing', text: '待开具' },
  [InvoiceStatus.ISSUED]: { color: 'success', text: '已开具' },
  [InvoiceStatus.REJECTED]: { color: 'default', text: '已驳回' },
  [InvoiceStatus.VOIDED]: { color: 'error', text: '已作废' },
  [InvoiceStatus.REVERSED]: { color: 'error', text: '已红冲' },
};

/** 作废 or 红冲, as the operator and the buyer read them. */
export const VOID_KIND_TEXT: Record<InvoiceVoidKind, string> = {
  [InvoiceStatus.VOIDED]: '作废',
  [InvoiceStatus.REVERSED]: '红冲',
};

const NOT_A_PDF = '请上传 PDF 格式的发票文件';

/** Whether the picked file starts like a PDF: the same first check the server makes. */
async function looksLikePdf(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
  return new TextDecoder('latin1').decode(head).includes('%PDF-');
}

/** What the invoice must say, to compare with the PDF beside it. */
export function InvoiceRequestDetails({ invoice }: { invoice: TAdminInvoice }) {
  return (
    <Descriptions size="small" column={1} bordered title="发票申请" styles={{ label: { width: 96 } }}>
      <Descriptions.Item label="发票类型">
        <Tag color={invoice.type === InvoiceType.SPECIAL ? 'gold' : 'blue'}>{INVOICE_TYPE_TEXT[invoice.type]}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label="抬头">{invoice.title}</Descriptions.Item>
      <Descriptions.Item label="税号">
        <span style={{ fontFamily: 'monospace' }}>{invoice.number}</span>
      </Descriptions.Item>
      <Descriptions.Item label="金额">
        <Typography.Text strong>{formatYuan(invoice.amount)}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={`订单（${invoice.orderNos.length}）`}>
        <Space orientation="vertical" size={0}>
          {invoice.orderNos.map((no) => (
            <span key={no} style={{ fontFamily: 'monospace', fontSize: 12 }}>
              {no}
            </span>
          ))}
        </Space>
      </Descriptions.Item>
      {invoice.type === InvoiceType.SPECIAL && (
        <>
          <Descriptions.Item label="注册地址">{invoice.address ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="注册电话">{invoice.phone ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="开户银行">{invoice.bank ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="银行账号">
            <span style={{ fontFamily: 'monospace' }}>{invoice.account ?? '—'}</span>
          </Descriptions.Item>
        </>
      )}
      <Descriptions.Item label="申请公司">{invoice.company}</Descriptions.Item>
      {invoice.replaces && (
        <Descriptions.Item label="重开">
          原发票已{VOID_KIND_TEXT[invoice.replaces.status as InvoiceVoidKind] ?? '作废'}：{invoice.replaces.voidReason}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/**
 * 开具发票 of one request, in two steps: the operator picks the PDF, sees it beside the request
 * (type, title, taxpayer number, amount, orders) and only 确认开具 uploads it, which issues the
 * invoice and tells the buyer.
 */
export function IssueInvoiceButton({ invoice }: { invoice: TAdminInvoice }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <>
      <Upload
        accept="application/pdf,.pdf"
        showUploadList={false}
        beforeUpload={(picked) => {
          setFile(picked);
          // nothing is sent until 确认开具
          return false;
        }}
      >
        <Button type="primary" size="small" icon={<UploadOutlined />} aria-label={`开具发票：${invoice.title}`}>
          开具
        </Button>
      </Upload>
      {file && <IssueInvoiceModal invoice={invoice} file={file} onPick={setFile} onClose={() => setFile(null)} />}
    </>
  );
}

function IssueInvoiceModal({
  invoice,
  file,
  onPick,
  onClose,
}: {
  invoice: TAdminInvoice;
  file: File;
  onPick: (file: File) => void;
  onClose: () => void;
}) {
  // the check of the file on show; null while it is read
  const [checked, setChecked] = useState<{ file: File; ok: boolean } | null>(null);
  const isPdf = checked?.file === file ? checked.ok : null;
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void looksLikePdf(file).then((ok) => {
      if (live) setChecked({ file, ok });
    });
    return () => {
      live = false;
    };
  }, [file]);

  const confirm = () => {
    setPercent(0);
    setError(null);
    issueInvoice(invoice.sid, file, { onProgress: (p) => setPercent(p.percent), quiet: true })
      .then((issued) => {
        notify.success(`发票已开具，已通知买家（${issued.company}）`);
        onClose();
      })
      .catch((cause: unknown) => setError(cause instanceof Error ? cause.message : String(cause)))
      .finally(() => setPercent(null));
  };

  return (
    <Modal
      open
      title="核对并开具发票"
      width={1040}
      onCancel={percent === null ? onClose : undefined}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Flex justify="space-between" align="center" gap={12}>
          <Upload
            accept="application/pdf,.pdf"
            showUploadList={false}
            disabled={percent !== null}
            beforeUpload={(picked) => {
              setError(null);
              onPick(picked);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} disabled={percent !== null}>
              重新选择文件
            </Button>
          </Upload>
          <Space>
            <Button onClick={onClose} disabled={percent !== null}>
              取消
            </Button>
            <Button type="primary" onClick={confirm} disabled={isPdf !== true} loading={percent !== null}>
              确认开具
            </Button>
          </Space>
        </Flex>
      }
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title="确认开具后，买家会收到通知并可下载此发票；开错的发票只能作废或红冲后重开。"
        description="请核对发票上的抬头、税号、金额与下方申请一致。"
      />
      <Flex gap={16} align="stretch" wrap>
        <Flex vertical gap={8} style={{ flex: '1 1 520px', minWidth: 0 }}>
          <Typography.Text type="secondary">
            {file.name} · {(file.size / 1024).toFixed(1)} KB
          </Typography.Text>
          {isPdf === false ? (
            <Alert
              type="error"
              showIcon
              title={NOT_A_PDF}
              description="所选文件不是 PDF，请重新选择税务系统导出的发票 PDF。"
            />
          ) : (
            <PdfPreview file={file} height={560} />
          )}
        </Flex>
        <div style={{ flex: '0 1 400px', minWidth: 300 }}>
          <InvoiceRequestDetails invoice={invoice} />
        </div>
      </Flex>
      {percent !== null && <Progress percent={percent} size="small" aria-label="发票上传进度" />}
      {error && <Alert type="error" showIcon style={{ marginTop: 12 }} title={error} />}
    </Modal>
  );
}

interface VoidFormValues {
  kind: InvoiceVoidKind;
  reason: string;
  reissue: boolean;
}

/**
 * 作废 / 红冲 of an issued invoice: the kind, a reason the buyer reads, and whether a new request
 * for the same title, details and orders goes into the queue. An e-invoice the provider issued
 * can only be reversed.
 */
export function VoidInvoiceModal({ invoice, onClose }: { invoice: TAdminInvoice | null; onClose: () => void }) {
  const [form] = Form.useForm<VoidFormValues>();
  const kind = Form.useWatch('kind', form) ?? InvoiceStatus.REVERSED;
  const reissue = Form.useWatch('reissue', form) ?? true;
  const mutation = useVoidInvoice();
  const what = VOID_KIND_TEXT[kind];
  return (
    <Modal
      open={invoice !== null}
      title="作废 / 红冲发票"
      okText={`确认${what}`}
      okButtonProps={{ danger: true, loading: mutation.isPending }}
      cancelText="取消"
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
      width={560}
    >
      {invoice && (
        <Form<VoidFormValues>
          form={form}
          layout="vertical"
          initialValues={{ kind: InvoiceStatus.REVERSED, reason: '', reissue: true }}
          onFinish={(values) =>
            mutation.mutate(
              { sid: invoice.sid, body: values },
              {
                onSuccess: ({ replacement }) => {
                  notify.success(
                    replacement
                      ? `发票已${what}，已通知买家；重开申请已进入待开具`
                      : `发票已${what}，已通知买家，买家可重新申请`,
                  );
                  onClose();
                },
              },
            )
          }
        >
          <Typography.Paragraph>
            {invoice.company} · {INVOICE_TYPE_TEXT[invoice.type]} · {formatYuan(invoice.amount)} · 订单{' '}
            {invoice.orderNos.join('、')}
          </Typography.Paragraph>
          <Form.Item label="方式" name="kind" required>
            <Radio.Group>
              <Space orientation="vertical">
                <Radio value={InvoiceStatus.REVERSED}>红冲（开具红字发票冲销原发票）</Radio>
                <Radio value={InvoiceStatus.VOIDED} disabled={invoice.providerIssued}>
                  作废（原发票当月未报税、纸质发票已收回）
                  {invoice.providerIssued && (
                    <Typography.Text type="secondary">：电子发票服务商开具的发票只能红冲</Typography.Text>
                  )}
                </Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
          <Form.Item
            label="原因（买家可见）"
            name="reason"
            rules={[
              { required: true, whitespace: true, message: '请填写作废或红冲的原因' },
              limitRule(INVOICE_REASON_MAX, '原因'),
            ]}
          >
            <Input.TextArea count={{ show: true, max: INVOICE_REASON_MAX }} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
          <Form.Item name="reissue" valuePropName="checked">
            <Checkbox>按原申请信息重新开具（抬头、税号、订单、金额不变，生成一条待开具申请）</Checkbox>
          </Form.Item>
          <Alert
            type="warning"
            showIcon
            title={
              invoice.providerIssued && kind === InvoiceVoidKind.REVERSE
                ? '将向电子发票服务商提交红冲申请，服务商受理后原发票记为已红冲，不可撤销。'
                : `请先在税务系统中完成${what}；确认后原发票记为已${what}，不可撤销。`
            }
            description={
              reissue
                ? '原发票的订单转入重开申请，请在“待开具”中开具正确的发票。'
                : '原发票的订单将释放，买家可修改信息后重新申请。'
            }
          />
        </Form>
      )}
    </Modal>
  );
}
