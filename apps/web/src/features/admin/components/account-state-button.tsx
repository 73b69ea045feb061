import { ADMIN_COMPANY_API, COMPANY_MESSAGES, COMPANY_REASON_MAX } from '@gemstock/contract';
import { Alert, Button, Form, Input, Modal, Popconfirm, Typography } from 'antd';
import { limitRule } from '@/lib/form';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSetAccountEnabled } from '../api/companies';
import { useOperatorCan } from '../lib/operator-access';

interface Account {
  sid: string;
  enabled: boolean;
  /** Deleted at its owner's request: never turned on again, so no button (the tag says 已注销). */
  erased: boolean;
  /** How the operator names it: the company, or the sub-account's username. */
  label: string;
}

function errorText(e: unknown): string {
  return isApiError(e) ? e.message : '操作失败，请稍后再试';
}

/**
 * 停用 / 启用 of a buyer account, for the roles that may (decision 0032). Disabling says first
 * what it does and asks for a reason; enabling asks once.
 */
export function AccountStateButton({ account, main }: { account: Account; main: boolean }) {
  const { can } = useOperatorCan();
  const [asking, setAsking] = useState(false);
  const setEnabled = useSetAccountEnabled();
  if (!can(ADMIN_COMPANY_API.disableAccount) || account.erased) return null;

  if (!account.enabled) {
    return (
      <Popconfirm
        title={`启用 ${account.label}？`}
        description="启用后可以重新登录；停用前的登录不会恢复，需要重新登录"
        okText="启用"
        onConfirm={() =>
          setEnabled.mutateAsync({ sid: account.sid, enabled: true }).then(() => notify.success('账号已启用'))
        }
      >
        <Button size="small">启用</Button>
      </Popconfirm>
    );
  }
  return (
    <>
      <Button size="small" danger onClick={() => setAsking(true)}>
        停用
      </Button>
      <DisableAccountModal account={account} main={main} open={asking} onClose={() => setAsking(false)} />
    </>
  );
}

function DisableAccountModal({
  account,
  main,
  open,
  onClose,
}: {
  account: Account;
  main: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const setEnabled = useSetAccountEnabled();
  const [error, setError] = useState<string | null>(null);
  const submit = ({ reason }: { reason: string }) => {
    setError(null);
    setEnabled.mutate(
      { sid: account.sid, enabled: false, body: { reason: reason.trim() } },
      {
        onSuccess: () => {
          form.resetFields();
          onClose();
          notify.success('账号已停用');
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };
  return (
    <Modal
      open={open}
      title={`停用 ${account.label}？`}
      okText="停用"
      okButtonProps={{ danger: true }}
      confirmLoading={setEnabled.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {main
          ? '停用后，该企业的主账号和全部子账号立即退出登录，且无法再登录；订单、授权和钱包余额保持不变，未付款的订单照常到期取消。'
          : '停用后，该子账号立即退出登录，且无法再登录；主账号和其他子账号不受影响。'}
        可以随时重新启用。
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<{ reason: string }> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="reason"
          label="停用原因"
          extra="记入操作日志"
          rules={[
            { required: true, whitespace: true, message: COMPANY_MESSAGES.reason },
            limitRule(COMPANY_REASON_MAX, '停用原因'),
          ]}
        >
          <Input.TextArea rows={3} count={{ show: true, max: COMPANY_REASON_MAX }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
