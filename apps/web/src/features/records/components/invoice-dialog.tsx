import {
  INVOICE_ISSUE_WORKING_DAYS,
  INVOICE_MAX_ORDERS,
  InvoiceType,
  MESSAGES,
  OrderStatus,
  chinaLastDayBefore,
  type TInvoiceRequest,
  type TOrderListItem,
  formatYuan,
  zCompanyLicense,
} from '@gemstock/contract';
import { Alert, Button, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { applyFieldErrors, schemaRule } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useCurrentUser } from '@/stores/session';
import { useOrders } from '../api/get-orders';
import { useRequestInvoice } from '../api/invoice';
import { canRequestInvoice, isClosedInvoice } from '../lib/invoice';

type InvoiceFormValues = Required<Pick<TInvoiceRequest, 'type' | 'title' | 'number'>> &
  Pick<TInvoiceRequest, 'address' | 'phone' | 'bank' | 'account' | 'orders'>;

/**
 * Required, at most `max` characters: a longer text is kept and refused with the limit named
 * (antd's `count` draws the field red), never cut short as `maxLength` would.
 */
const required = (message: string, max: number) => [
  { required: true, whitespace: true, message },
  { max, message: MESSAGES.tooLong(max) },
];

/**
 * 申请发票 for a paid order: 普票 or 专票, prefilled from the company, and other paid orders of
 * the company that may go on the same invoice.
 */
export function InvoiceDialog({ order, open, onClose }: { order: TOrderListItem; open: boolean; onClose: () => void }) {
  const user = useCurrentUser();
  const [form] = Form.useForm<InvoiceFormValues>();
  const type = Form.useWatch('type', form) ?? InvoiceType.ORDINARY;
  const mutation = useRequestInvoice();
  const paid = useOrders({ status: OrderStatus.PAYED, page: 1, page_size: 50 });
  const others = useMemo(
    () => (paid.data?.orders ?? []).filter((o) => o.sid !== order.sid && canRequestInvoice(o)),
    [paid.data, order.sid],
  );
  // What the invoice will be for: this order and the ones merged with it.
  const merged = Form.useWatch('orders', form) ?? [];
  const chosen = others.filter((o) => merged.includes(o.sid));
  const total = chosen.reduce((sum, o) => sum + o.finalPrice, order.finalPrice);
  // A new request after a rejection, a void or a red-letter reversal starts from what was asked.
  const previous = order.invoice && isClosedInvoice(order.invoice) ? order.invoice : null;

  const onFinish = async (values: InvoiceFormValues) => {
    try {
      const invoice = await mutation.mutateAsync({ orderSid: order.sid, body: values });
      notify.success(`发票申请已提交，预计 ${chinaLastDayBefore(new Date(invoice.dueAt))} 前开具`);
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="申请发票"
      footer={null}
      width={560}
      destroyOnHidden
      centered
      aria-label={`为订单 ${order.orderNo} 申请发票`}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={`发票金额为订单实付金额，提交后 ${INVOICE_ISSUE_WORKING_DAYS} 个工作日内开具，开具后可在“我的订单”中下载。`}
      />
      <Form<InvoiceFormValues>
        form={form}
        name={`invoice-${order.sid}`}
        layout="vertical"
        requiredMark
        initialValues={{
          type: previous?.type ?? InvoiceType.ORDINARY,
          title: previous?.title ?? user?.company ?? '',
          number: previous?.number ?? user?.license ?? '',
          address: previous?.address ?? user?.address ?? '',
          phone: previous?.phone ?? '',
          bank: previous?.bank ?? '',
          account: previous?.account ?? '',
          orders: [],
        }}
        onFinish={onFinish}
      >
        <Form.Item label="发票类型" name="type" required>
          <Radio.Group
            optionType="button"
            options={[
              { value: InvoiceType.ORDINARY, label: '增值税普通发票' },
              { value: InvoiceType.SPECIAL, label: '增值税专用发票' },
            ]}
          />
        </Form.Item>
        <Form.Item label="发票抬头" name="title" rules={required('请输入发票抬头', 100)}>
          <Input count={{ max: 100 }} autoComplete="organization" />
        </Form.Item>
        <Form.Item label="纳税人识别号" name="number" required rules={[schemaRule(zCompanyLicense)]}>
          <Input count={{ max: 30 }} placeholder="18 位统一社会信用代码或纳税人识别号" />
        </Form.Item>
        {type === InvoiceType.SPECIAL && (
          <>
            <Form.Item label="注册地址" name="address" rules={required('请输入注册地址', 200)}>
              <Input count={{ max: 200 }} />
            </Form.Item>
            <Form.Item label="注册电话" name="phone" rules={required('请输入注册电话', 30)}>
              <Input count={{ max: 30 }} inputMode="tel" />
            </Form.Item>
            <Form.Item label="开户银行" name="bank" rules={required('请输入开户银行', 100)}>
              <Input count={{ max: 100 }} />
            </Form.Item>
            <Form.Item label="银行账号" name="account" rules={required('请输入银行账号', 40)}>
              <Input count={{ max: 40 }} inputMode="numeric" />
            </Form.Item>
          </>
        )}
        <Form.Item
          label="合并开票"
          name="orders"
          extra={
            others.length > 0
              ? `可选择其他已支付订单与本订单合开一张发票（最多 ${INVOICE_MAX_ORDERS} 个订单）`
              : '没有其他可合并开票的订单'
          }
        >
          <Select
            mode="multiple"
            allowClear
            placeholder="仅为本订单开票"
            loading={paid.isLoading}
            disabled={others.length === 0}
            maxCount={INVOICE_MAX_ORDERS - 1}
            options={others.map((o) => ({
              value: o.sid,
              label: `${o.orderNo} · ${o.name} · ${formatYuan(o.finalPrice)}`,
            }))}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 4 }}>
          本订单：{order.orderNo} · 实付 {formatYuan(order.finalPrice)}
        </Typography.Paragraph>
        <div
          role="status"
          aria-label="发票金额合计"
          style={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'baseline',
            padding: '8px 12px',
            marginBottom: 16,
            background: 'var(--ant-color-fill-quaternary, #fafafa)',
            borderRadius: 6,
          }}
        >
          <span>发票金额合计（{chosen.length + 1} 个订单）</span>
          <Typography.Text strong style={{ fontSize: 18 }}>
            {formatYuan(total)}
          </Typography.Text>
        </div>
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            提交申请
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
