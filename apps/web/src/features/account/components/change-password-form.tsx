import { MAX_LENGTH, MESSAGES } from '@gemstock/contract';
import { Button, Form, Input } from 'antd';
import { newPasswordRules } from '@/components/contact-fields';
import { signOut } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useDialogs } from '@/stores/dialogs';
import { useResetPassword } from '../api/reset-password';

interface Values {
  password: string;
  new_password: string;
  confirm: string;
}

/**
 * Change password. The server revokes the token afterwards, so we log out and open the login
 * dialog right away instead of waiting for the next call to fail.
 */
export function ChangePasswordForm() {
  const [form] = Form.useForm<Values>();
  const reset = useResetPassword();
  const openAuth = useDialogs((s) => s.openAuth);

  const onFinish = async ({ password, new_password }: Values) => {
    try {
      await reset.mutateAsync({ password, new_password });
      notify.success('密码已修改，请重新登录');
      signOut();
      openAuth('login');
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  return (
    <Form<Values> name="change-password" form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 420 }}>
      <Form.Item label="当前密码" name="password" rules={[{ required: true, message: MESSAGES.password }]}>
        <Input.Password autoComplete="current-password" maxLength={MAX_LENGTH.password} />
      </Form.Item>
      <Form.Item label="新密码" name="new_password" rules={newPasswordRules(MESSAGES.newPassword)}>
        <Input.Password
          autoComplete="new-password"
          maxLength={MAX_LENGTH.password}
          placeholder={`${MAX_LENGTH.passwordMin}-${MAX_LENGTH.password} 位`}
        />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm"
        dependencies={['new_password']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: async (_, value: unknown) => {
              if (value && value !== getFieldValue('new_password')) throw new Error('两次输入的新密码不一致');
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={MAX_LENGTH.password} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={reset.isPending}>
        修改密码
      </Button>
    </Form>
  );
}
