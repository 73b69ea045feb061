import { ZTransferDecisionRequest, type TAdminOrder } from '@gemstock/contract';
import { Alert, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { PriceText } from '@/components/price-text';
import { applyFieldErrors, schemaRule } from '@/lib/form';
import { notify } from '@/lib/notify';
import { type TransferDecision, useDecideTransfer } from '../api/decide-transfer';
import { buyerName } from '../lib/format';

export interface TransferDecisionTarget {
  order: TAdminOrder;
  decision: TransferDecision;
}

const NOTE_SCHEMA = ZTransferDecisionRequest.shape.note;
// Read from the contract so the counter stops where the server would refuse.
const NOTE_MAX_LENGTH = NOTE_SCHEMA.maxLength ?? undefined;

const COPY: Record<
  TransferDecision,
  { title: string; ok: string; done: string; placeholder: string; tip: string; tone: 'info' | 'warning' }
> = {
  confirm: {
    title: '确认到账',
    ok: '确认到账',
    done: '已确认到账，订单已完成',
    placeholder: '例如：2026-01-21 工商银行流水，付款企业与金额一致',
    tip: '请先在银行流水中核对付款企业、金额和转账备注中的识别码。确认后订单立即完成并交付（素材可下载、充值即到账），此操作无法撤销。',
    tone: 'info',
  },
  reject: {
    title: '驳回转账',
    ok: '确认驳回',
    done: '已驳回，订单已回到待支付',
    placeholder: '例如：截至 1 月 25 日未收到该笔转账',
    tip: '驳回后订单不再等待转账，仍为待支付，买家可以改用其他方式付款或重新转账。',
    tone: 'warning',
  },
};

interface NoteValues {
  note: string;
}

/**
 * 确认到账 / 驳回 for one order of the transfer queue. The note is required (the server keeps it
 * in the audit log). A refused decision keeps the dialog open; the admin client has toasted the
 * server's message.
 */
export function TransferDecisionModal({
  target,
  onClose,
}: {
  target: TransferDecisionTarget | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<NoteValues>();
  const mutation = useDecideTransfer();
  // Keep showing the last order while the dialog fades out, so its text does not flip.
  const [last, setLast] = useState(target);
  if (target !== null && target !== last) setLast(target);
  const shown = target ?? last;
  const decision = shown?.decision ?? 'confirm';
  const copy = COPY[decision];

  const submit = async ({ note }: NoteValues) => {
    if (!shown) return;
    try {
      await mutation.mutateAsync({ decision, sid: shown.order.sid, note: note.trim() });
      notify.success(copy.done);
      onClose();
    } catch (error) {
      // A note the server refused is also marked on the field.
      applyFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={shown ? `${copy.title} · 订单 ${shown.order.orderNo}` : copy.title}
      okText={copy.ok}
      cancelText="取消"
      okButtonProps={{ danger: decision === 'reject' }}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
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
              {
                key: 'buyer',
                label: '付款企业',
                children: `${shown.order.buyer.company ?? '未填写企业'}（${buyerName(shown.order.buyer)}）`,
              },
            ]}
          />
          <Alert type={copy.tone} showIcon title={copy.tip} style={{ marginBottom: 16 }} />
          <Form<NoteValues>
            name={`transfer-${decision}`}
            form={form}
            layout="vertical"
            onFinish={(values) => void submit(values)}
            preserve={false}
          >
            <Form.Item label="备注" name="note" required rules={[schemaRule(NOTE_SCHEMA)]}>
              <Input.TextArea
                aria-label="备注"
                placeholder={copy.placeholder}
                maxLength={NOTE_MAX_LENGTH}
                showCount
                autoSize={{ minRows: 3, maxRows: 6 }}
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
