import { formatYuan, REFUND_MESSAGES, REFUND_NOTE_MAX_LENGTH, type TAdminRefund } from '@gemstock/contract';
import { Alert, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { applyFieldErrors, limitRule } from '@/lib/form';
import { notify } from '@/lib/notify';
import { REFUND_CHANNEL_TEXT } from '@/lib/order-labels';
import { notifyRefundOutcome, usePayOutRefund, useRetryRefund } from '../api/refunds';
import { BankSerialField, CalendarDayField, dayOf, todayInChina } from './bank-fields';

export type RefundFollowUp = 'retry' | 'paidOut';

export interface RefundFollowUpTarget {
  refund: TAdminRefund;
  action: RefundFollowUp;
}

interface FollowUpValues {
  note: string;
  bankSerial?: string;
  paidOutOn?: Dayjs;
}

/**
 * What follows a refund the gateway refused: 重新发起 (asked again under a new refund number) or
 * 登记线下退款 (paid out by bank, with the serial). Each confirms what it will do first.
 */
export function RefundFollowUpModal({ target, onClose }: { target: RefundFollowUpTarget | null; onClose: () => void }) {
  const [form] = Form.useForm<FollowUpValues>();
  const retry = useRetryRefund();
  const payOut = usePayOutRefund();
  const refund = target?.refund;
  const isRetry = target?.action === 'retry';

  const submit = async (values: FollowUpValues) => {
    if (!refund) return;
    try {
      if (isRetry) {
        const result = await retry.mutateAsync({ sid: refund.sid, note: values.note.trim() });
        notifyRefundOutcome(result.refund, '支付渠道仍未受理：');
      } else {
        await payOut.mutateAsync({
          sid: refund.sid,
          bankSerial: (values.bankSerial ?? '').trim(),
          paidOutOn: dayOf(values.paidOutOn ?? todayInChina()),
          note: values.note.trim(),
        });
        notify.success('已登记线下退款');
      }
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={isRetry ? '重新发起退款' : '登记线下退款'}
      okText={refund ? `${isRetry ? '重新发起' : '确认已退'} ${formatYuan(refund.amount)}` : '确认'}
      cancelText="取消"
      okButtonProps={{ danger: true }}
      confirmLoading={retry.isPending || payOut.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={520}
    >
      {refund && (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={
              isRetry
                ? `将以新的退款单号再次申请${REFUND_CHANNEL_TEXT[refund.channel]} ${formatYuan(refund.amount)}`
                : `记录 ${formatYuan(refund.amount)} 已通过银行转账退给买家，退款即完成，无法撤销`
            }
            description={refund.failure ? `上次失败原因：${refund.failure}` : undefined}
          />
          <Form<FollowUpValues>
            name={`refund-${target?.action ?? 'retry'}`}
            form={form}
            layout="vertical"
            onFinish={(values) => void submit(values)}
            preserve={false}
            initialValues={{ paidOutOn: todayInChina() }}
          >
            {!isRetry && (
              <>
                <BankSerialField label="退款银行流水号" />
                <CalendarDayField name="paidOutOn" label="退款日期" message={REFUND_MESSAGES.paidOutOn} />
              </>
            )}
            <Form.Item
              label="处理说明"
              name="note"
              required
              rules={[
                { required: true, whitespace: true, message: REFUND_MESSAGES.note },
                limitRule(REFUND_NOTE_MAX_LENGTH, '处理说明'),
              ]}
            >
              <Input.TextArea
                aria-label="处理说明"
                count={{ show: true, max: REFUND_NOTE_MAX_LENGTH }}
                autoSize={{ minRows: 2 }}
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
