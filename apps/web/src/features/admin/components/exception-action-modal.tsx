import { formatYuan, REFUND_MESSAGES, REFUND_NOTE_MAX_LENGTH, type TPaymentException } from '@gemstock/contract';
import { Alert, Descriptions, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { applyFieldErrors, limitRule } from '@/lib/form';
import { notify } from '@/lib/notify';
import { notifyRefundOutcome, useHandleException, useRefundException } from '../api/refunds';
import { newRequestKey } from '../lib/request-key';
import { gatewayText, reasonText } from '../lib/payment-labels';
import { BankSerialField, CalendarDayField, dayOf, todayInChina } from './bank-fields';

export type ExceptionAction = 'refund' | 'handle';

export interface ExceptionActionTarget {
  exception: TPaymentException;
  action: ExceptionAction;
}

interface ActionValues {
  note: string;
  bankSerial?: string;
  paidOutOn?: Dayjs;
}

/**
 * 退款 or 标记已处理 for one payment exception, each confirming what it will do: a refund gives
 * the whole amount back the way it came (an over-paid transfer by bank, with its serial); 已处理
 * records how it was resolved otherwise. Either is final and needs a note.
 */
export function ExceptionActionModal({
  target,
  onClose,
}: {
  target: ExceptionActionTarget | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ActionValues>();
  const refund = useRefundException();
  const handle = useHandleException();
  const [key, setKey] = useState<{ id: number | null; value: string }>({ id: null, value: newRequestKey() });
  if ((target?.exception.id ?? null) !== key.id) setKey({ id: target?.exception.id ?? null, value: newRequestKey() });
  const exception = target?.exception;
  const isRefund = target?.action === 'refund';
  const byBank = exception?.gateway === 'transfer';

  const submit = async (values: ActionValues) => {
    if (!exception) return;
    try {
      if (isRefund) {
        const result = await refund.mutateAsync({
          id: exception.id,
          idempotencyKey: key.value,
          reason: values.note.trim(),
          ...(byBank && values.bankSerial && values.paidOutOn
            ? { bankSerial: values.bankSerial.trim(), paidOutOn: dayOf(values.paidOutOn) }
            : {}),
        });
        if (result.exception.refund) notifyRefundOutcome(result.exception.refund, '支付渠道未受理退款：');
      } else {
        await handle.mutateAsync({ id: exception.id, note: values.note.trim() });
        notify.success('已标记为已处理');
      }
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  const amount = exception?.amount ?? null;
  return (
    <Modal
      open={target !== null}
      title={exception ? `${isRefund ? '退款' : '标记已处理'} · 支付异常 #${exception.id}` : '支付异常'}
      okText={isRefund && amount !== null ? `确认退款 ${formatYuan(amount)}` : '确认'}
      cancelText="取消"
      okButtonProps={{ danger: isRefund }}
      confirmLoading={refund.isPending || handle.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      {exception && (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            style={{ marginBottom: 16 }}
            styles={{ label: { width: 110 } }}
            items={[
              { key: 'reason', label: '原因', children: reasonText(exception.reason) ?? exception.reason },
              { key: 'amount', label: '款项金额', children: amount !== null ? formatYuan(amount) : '未知' },
              { key: 'gateway', label: '支付渠道', children: gatewayText(exception.gateway) },
              { key: 'order', label: '订单', children: exception.orderNo ?? '未关联订单' },
            ]}
          />
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={
              isRefund
                ? byBank
                  ? `请先通过银行转账退回 ${formatYuan(amount ?? 0)}，再登记流水号；登记后该异常变为「已退款」，无法撤销`
                  : `${formatYuan(amount ?? 0)} 将通过${gatewayText(exception.gateway)}原路退回付款人；该异常变为「已退款」，无法撤销`
                : '标记后该异常变为「已处理」，不再出现在待处理中，无法撤销；请写明处理方式'
            }
          />
          <Form<ActionValues>
            name={`exception-${target?.action ?? 'handle'}`}
            form={form}
            layout="vertical"
            onFinish={(values) => void submit(values)}
            preserve={false}
            initialValues={{ paidOutOn: todayInChina() }}
          >
            {isRefund && byBank && (
              <>
                <BankSerialField label="退款银行流水号" />
                <CalendarDayField name="paidOutOn" label="退款日期" message={REFUND_MESSAGES.paidOutOn} />
              </>
            )}
            <Form.Item
              label={isRefund ? '退款原因' : '处理说明'}
              name="note"
              required
              rules={[
                { required: true, whitespace: true, message: isRefund ? REFUND_MESSAGES.reason : REFUND_MESSAGES.note },
                limitRule(REFUND_NOTE_MAX_LENGTH, isRefund ? '退款原因' : '处理说明'),
              ]}
            >
              <Input.TextArea
                aria-label={isRefund ? '退款原因' : '处理说明'}
                placeholder={isRefund ? '例如：订单已取消后才付款，原路退回' : '例如：已在商户平台手动退款'}
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
