import {
  formatYuan,
  TRANSFER_MESSAGES,
  ZTransferDecisionRequest,
  type TAdminOrder,
  yuanToCents,
  centsToYuan,
} from '@gemstock/contract';
import { Alert, Checkbox, Descriptions, Form, Input, Modal, Skeleton, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { PriceText } from '@/components/price-text';
import { applyFieldErrors, schemaRule } from '@/lib/form';
import { notify } from '@/lib/notify';
import { type TransferDecision, useConfirmTransfer, useRejectTransfer } from '../api/decide-transfer';
import { useOrderMoney } from '../api/refunds';
import { buyerName } from '../lib/format';
import { BankSerialField, CalendarDayField, dayOf, todayInChina, YuanField } from './bank-fields';

export interface TransferDecisionTarget {
  order: TAdminOrder;
  decision: TransferDecision;
}

const NOTE_SCHEMA = ZTransferDecisionRequest.shape.note;
// Read from the contract so the counter turns red where the server would refuse.
const NOTE_MAX_LENGTH = NOTE_SCHEMA.maxLength ?? undefined;

const COPY: Record<
  TransferDecision,
  { title: string; ok: string; placeholder: string; tip: string; tone: 'info' | 'warning' }
> = {
  confirm: {
    title: '确认到账',
    ok: '确认到账',
    placeholder: '例如：工商银行流水，付款企业与转账备注一致',
    tip: '请按银行流水填写实际到账的金额、日期和流水号。款项足额后订单立即完成并交付（素材可下载、充值即到账），此操作无法撤销。',
    tone: 'info',
  },
  reject: {
    title: '驳回转账',
    ok: '确认驳回',
    placeholder: '例如：截至 1 月 25 日未收到该笔转账',
    tip: '驳回后订单不再等待转账，仍为待支付，买家可以改用其他方式付款或重新转账。',
    tone: 'warning',
  },
};

interface DecisionValues {
  note: string;
  amountYuan?: number;
  arrivedOn?: Dayjs;
  bankSerial?: string;
  acceptDifference?: boolean;
}

/** What the difference between what arrived and what is due will do, in the operator's words. */
export function differenceText(amount: number, due: number): string | null {
  if (amount === due) return null;
  if (amount < due) {
    return `到账金额比待收金额少 ${formatYuan(due - amount)}：记为部分到账，订单继续等待余款，不会完成。`;
  }
  return `到账金额比待收金额多 ${formatYuan(amount - due)}：确认收款、订单完成，多付的 ${formatYuan(amount - due)} 记入「支付异常」待退款。`;
}

/**
 * 确认到账 / 驳回 for one order of the transfer queue. 确认到账 asks what the bank statement shows
 * (amount, day, serial); an amount other than what is still due asks for the operator's decision
 * first (short: recorded as a partial arrival; over: settled, the excess to refund). The note is
 * required (the server keeps it in the audit log). A refused decision keeps the dialog open; the
 * admin client has toasted the server's message.
 */
export function TransferDecisionModal({
  target,
  onClose,
}: {
  target: TransferDecisionTarget | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<DecisionValues>();
  const confirm = useConfirmTransfer();
  const reject = useRejectTransfer();
  // Keep showing the last order while the dialog fades out, so its text does not flip.
  const [last, setLast] = useState(target);
  if (target !== null && target !== last) setLast(target);
  const shown = target ?? last;
  const decision = shown?.decision ?? 'confirm';
  const copy = COPY[decision];
  const isConfirm = decision === 'confirm';
  const money = useOrderMoney(isConfirm && target ? target.order.sid : null);
  const received = money.data?.received ?? 0;
  const due = shown ? Math.max(0, shown.order.finalPrice - received) : 0;
  const amountYuan = Form.useWatch('amountYuan', form);
  const difference = isConfirm && amountYuan ? differenceText(yuanToCents(amountYuan), due) : null;

  const submit = async (values: DecisionValues) => {
    if (!shown) return;
    try {
      if (isConfirm) {
        const result = await confirm.mutateAsync({
          sid: shown.order.sid,
          amount: yuanToCents(values.amountYuan ?? 0),
          arrivedOn: dayOf(values.arrivedOn ?? todayInChina()),
          bankSerial: (values.bankSerial ?? '').trim(),
          note: values.note.trim(),
          acceptDifference: values.acceptDifference === true,
        });
        if (result.due > 0) notify.success(`已记录部分到账，尚差 ${formatYuan(result.due)}`);
        else if (result.overpaid > 0)
          notify.success(`已确认到账，订单已完成；多付的 ${formatYuan(result.overpaid)} 已记入支付异常`);
        else notify.success('已确认到账，订单已完成');
      } else {
        await reject.mutateAsync({ sid: shown.order.sid, note: values.note.trim() });
        notify.success('已驳回，订单已回到待支付');
      }
      onClose();
    } catch (error) {
      // A field the server refused is also marked on the field.
      applyFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={shown ? `${copy.title} · 订单 ${shown.order.orderNo}` : copy.title}
      okText={copy.ok}
      cancelText="取消"
      okButtonProps={{ danger: decision === 'reject', disabled: isConfirm && money.isLoading }}
      confirmLoading={confirm.isPending || reject.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={580}
    >
      {shown && (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            style={{ marginBottom: 16 }}
            styles={{ label: { width: 110 } }}
            items={[
              {
                key: 'reference',
                label: '转账识别码',
                children: (
                  <Typography.Text
                    strong
                    copyable={shown.order.transferReference !== null}
                    style={{ fontFamily: 'monospace', fontSize: 16 }}
                  >
                    {shown.order.transferReference ?? '—'}
                  </Typography.Text>
                ),
              },
              {
                key: 'amount',
                label: '应付金额',
                children: <PriceText cents={shown.order.finalPrice} />,
              },
              ...(isConfirm && received > 0
                ? [{ key: 'received', label: '已到账', children: `${formatYuan(received)}，尚差 ${formatYuan(due)}` }]
                : []),
              {
                key: 'buyer',
                label: '付款企业',
                children: `${shown.order.buyer.company ?? '未填写企业'}（${buyerName(shown.order.buyer)}）`,
              },
            ]}
          />
          <Alert type={copy.tone} showIcon title={copy.tip} style={{ marginBottom: 16 }} />
          {isConfirm && money.isLoading ? (
            <Skeleton active />
          ) : (
            <Form<DecisionValues>
              name={`transfer-${decision}`}
              form={form}
              layout="vertical"
              onFinish={(values) => void submit(values)}
              preserve={false}
              initialValues={isConfirm ? { amountYuan: centsToYuan(due), arrivedOn: todayInChina() } : {}}
            >
              {isConfirm && (
                <>
                  <YuanField name="amountYuan" label="实际到账金额" message={TRANSFER_MESSAGES.amount} />
                  <CalendarDayField name="arrivedOn" label="到账日期" message={TRANSFER_MESSAGES.arrivedOn} />
                  <BankSerialField />
                  {difference && (
                    <>
                      <Alert
                        type="warning"
                        showIcon
                        title="到账金额与待收金额不一致"
                        description={difference}
                        style={{ marginBottom: 12 }}
                      />
                      <Form.Item
                        name="acceptDifference"
                        valuePropName="checked"
                        rules={[
                          {
                            validator: (_, checked) =>
                              checked ? Promise.resolve() : Promise.reject(new Error('请确认按上述方式处理')),
                          },
                        ]}
                      >
                        <Checkbox>我已核对银行流水，按上述方式处理</Checkbox>
                      </Form.Item>
                    </>
                  )}
                </>
              )}
              <Form.Item label="备注" name="note" required rules={[schemaRule(NOTE_SCHEMA)]}>
                <Input.TextArea
                  aria-label="备注"
                  placeholder={copy.placeholder}
                  count={{ show: true, max: NOTE_MAX_LENGTH }}
                  autoSize={{ minRows: 3, maxRows: 6 }}
                />
              </Form.Item>
            </Form>
          )}
        </>
      )}
    </Modal>
  );
}
