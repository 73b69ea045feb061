import { MESSAGES, type TChangeOperatorPasswordRequest } from '@gemstock/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useChangeOwnPassword } from '../api/own-account';

interface Values extends TChangeOperatorPasswordRequest {
  confirm: string;
}

/**
 * The operator's own password: the current one, the new one twice. On success every other
 * session of the operator ends and this one goes on.
 */
export function ChangePasswordForm({ onDone }: { onDone?: () => void }) {
  const [form] = Form.useForm<Values>();
  const change = useChangeOwnPassword();
  const [error, setError] = useState<string | null>(null);

  const submit = ({ currentPassword, newPassword }: Values) => {
    setError(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.resetFields();
          notify.success('密码已修改，其他设备上的登录已退出');
          onDone?.();
        },
        onError: (e) => setError(isApiError(e) ? e.message : '修改失败，请稍后再试'),
      },
    );
  };

  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false} style={{ maxWidth: 360 }}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item name="currentPassword" label="当前密码" rules={[{ required: true, message: MESSAGES.password }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label="新密码"
        rules={[
          { required: true, message: MESSAGES.newPassword },
          { min: 8, max: 64, message: MESSAGES.passwordLength },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="再次输入新密码"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error('两次输入的密码不一致')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        修改密码
      </Button>
    </Form>
  );
}
