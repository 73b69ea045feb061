import {
  DEMAND_STATUS_LABEL,
  formatYuan,
  licenceSpec,
  RefundChannel,
  REFUND_MESSAGES,
  REFUND_NOTE_MAX_LENGTH,
  type TAdminOrder,
  type TRefundPreview,
  yuanToCents,
} from '@gemstock/contract';
import { Alert, Descriptions, Form, Input, List, Modal, Skeleton, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { LoadError } from '@/components/load-error';
import { applyFieldErrors, limitRule } from '@/lib/form';
import { REFUND_CHANNEL_TEXT } from '@/lib/order-labels';
import { notifyRefundOutcome, useRefundOrder, useRefundPreview } from '../api/refunds';
import { newRequestKey } from '../lib/request-key';
import { BankSerialField, CalendarDayField, dayOf, todayInChina, YuanField } from './bank-fields';

interface RefundValues {
  reason: string;
  amountYuan?: number;
  bankSerial?: string;
  paidOutOn?: Dayjs;
}

/** "退回余额给 上海宝石贸易有限公司（buyer@example.cn）". */
function payeeText(preview: TRefundPreview): string {
  const company = preview.payee.company ?? '未填写企业';
  return preview.payee.account ? `${company}（${preview.payee.account}）` : company;
}

/**
 * 退款 of a paid order, confirmed in one dialog that says what will happen before it does: how
 * much goes back, through which channel and to whom, which licences end, what becomes of a
 * custom design or a VIP month. The request carries the dialog's idempotency key, so a double
 * click or a retry after a lost answer is the same refund.
 */
export function RefundOrderModal({ order, onClose }: { order: TAdminOrder | null; onClose: () => void }) {
  const [form] = Form.useForm<RefundValues>();
  const preview = useRefundPreview(order?.sid ?? null);
  const refund = useRefundOrder();
  // One key per opening of the dialog.
  const [opened, setOpened] = useState<{ sid: string | null; key: string }>({ sid: null, key: newRequestKey() });
  if ((order?.sid ?? null) !== opened.sid) setOpened({ sid: order?.sid ?? null, key: newRequestKey() });
  const data = preview.data && preview.data.orderSid === order?.sid ? preview.data : undefined;
  const byBank = data?.channel === RefundChannel.TRANSFER;
  const amountYuan = Form.useWatch('amountYuan', form);
  const amount = data ? (data.amountEditable && amountYuan ? yuanToCents(amountYuan) : data.amount) : 0;

  const submit = async (values: RefundValues) => {
    if (!order || !data) return;
    try {
      const result = await refund.mutateAsync({
        sid: order.sid,
        idempotencyKey: opened.key,
        reason: values.reason.trim(),
        ...(data.amountEditable && values.amountYuan ? { amount: yuanToCents(values.amountYuan) } : {}),
        ...(byBank && values.bankSerial && values.paidOutOn
          ? { bankSerial: values.bankSerial.trim(), paidOutOn: dayOf(values.paidOutOn) }
          : {}),
      });
      notifyRefundOutcome(result.refund, '订单已退款，但支付渠道未受理退款（可在订单中重新发起或登记线下退款）：');
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open={order !== null}
      title={order ? `退款 · 订单 ${order.orderNo}` : '退款'}
      okText={data?.refundable ? `确认退款 ${formatYuan(amount)}` : '确认退款'}
      cancelText="取消"
      okButtonProps={{ danger: true, disabled: !data?.refundable }}
      confirmLoading={refund.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={620}
    >
      {preview.isLoading && <Skeleton active />}
      {preview.isError && (
        <LoadError title="退款信息加载失败" error={preview.error} onRetry={() => void preview.refetch()} />
      )}
      {data && !data.refundable && (
        <Alert type="error" showIcon title="该订单不能退款" description={data.refusal?.message} />
      )}
      {data?.refundable && (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            style={{ marginBottom: 16 }}
            styles={{ label: { width: 110 } }}
            items={[
              { key: 'received', label: '实收金额', children: formatYuan(data.received) },
              {
                key: 'channel',
                label: '退回方式',
                children: REFUND_CHANNEL_TEXT[data.channel ?? RefundChannel.TRANSFER],
              },
              { key: 'payee', label: '退款对象', children: payeeText(data) },
              ...(data.demandStatus
                ? [{ key: 'demand', label: '定制进度', children: DEMAND_STATUS_LABEL[data.demandStatus] }]
                : []),
            ]}
          />
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="确认后立即生效，无法撤销"
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                <li>
                  {formatYuan(amount)} {REFUND_CHANNEL_TEXT[data.channel ?? RefundChannel.TRANSFER]}给 {payeeText(data)}
                  {data.channel === RefundChannel.WECHAT || data.channel === RefundChannel.ALIPAY
                    ? '，由支付渠道处理，通常数分钟内到账'
                    : ''}
                </li>
                <li>订单变为「已退款」，买家在“我的订单”中可见</li>
                {data.licences.length > 0 && (
                  <li>以下 {data.licences.length} 个授权立即终止：原图下载与证书核验均失效</li>
                )}
                {data.demandStatus && <li>定制设计停止，需求标记为已取消</li>}
                {data.endsVip && <li>该笔 VIP 充值从余额中扣回，会员资格随之结束</li>}
                {data.lapsedCents > 0 && <li>其中 {formatYuan(data.lapsedCents)} 退回的充值已过期，按规则随即失效</li>}
              </ul>
            }
          />
          {data.licences.length > 0 && (
            <List
              size="small"
              bordered
              style={{ marginBottom: 16 }}
              header={<Typography.Text strong>终止的授权</Typography.Text>}
              dataSource={data.licences}
              renderItem={(l) => (
                <List.Item>
                  <Typography.Text style={{ fontFamily: 'monospace' }}>{l.certNo}</Typography.Text>
                  <Typography.Text type="secondary">
                    素材 {l.materialSid} · {l.spec >= 1 && l.spec <= 4 ? licenceSpec(l.spec as 1 | 2 | 3 | 4).name : ''}
                  </Typography.Text>
                </List.Item>
              )}
            />
          )}
          <Form<RefundValues>
            name="refund-order"
            form={form}
            layout="vertical"
            onFinish={(values) => void submit(values)}
            preserve={false}
            initialValues={{ paidOutOn: todayInChina() }}
          >
            {data.amountEditable && (
              <YuanField
                name="amountYuan"
                label={`退款金额（最多 ${formatYuan(data.maxAmount)}，按与买家协商的进度填写）`}
                maxCents={data.maxAmount}
                message={REFUND_MESSAGES.amount}
              />
            )}
            {byBank && (
              <>
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 12 }}
                  title="对公转账的订单请先通过银行转账退款，再在此登记流水号"
                />
                <BankSerialField label="退款银行流水号" />
                <CalendarDayField name="paidOutOn" label="退款日期" message={REFUND_MESSAGES.paidOutOn} />
              </>
            )}
            <Form.Item
              label="退款原因"
              name="reason"
              required
              rules={[
                { required: true, whitespace: true, message: REFUND_MESSAGES.reason },
                limitRule(REFUND_NOTE_MAX_LENGTH, '退款原因'),
              ]}
            >
              <Input.TextArea
                aria-label="退款原因"
                placeholder="例如：买家误购，经协商全额退款"
                count={{ show: true, max: REFUND_NOTE_MAX_LENGTH }}
                autoSize={{ minRows: 2, maxRows: 5 }}
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
