import { MAX_LENGTH, MESSAGES } from '@gemstock/contract';
import { LockOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Tabs } from 'antd';
import { useState } from 'react';
import type { CodeChannel } from '@/api/send-code';
import { CodeField, ContactField, newPasswordRules } from '@/components/contact-fields';
import { applyFieldErrors } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useDialogs } from '@/stores/dialogs';
import { useForgetPassword } from '../api/forget-password';

interface ResetValues {
  email?: string;
  mobile?: string;
  code: string;
  password: string;
}

export function ResetPasswordForm() {
  const [channel, setChannel] = useState<CodeChannel>('email');
  const [form] = Form.useForm<ResetValues>();
  const forget = useForgetPassword();
  const setMode = useDialogs((s) => s.setAuthMode);

  const onFinish = async (values: ResetValues) => {
    try {
      await forget.mutateAsync({
        code: values.code,
        password: values.password,
        source: null,
        ...(channel === 'email' ? { email: values.email } : { mobile: values.mobile }),
      });
      notify.success('重置成功，请重新登录');
      setMode('login');
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  return (
    <>
      <Tabs
        activeKey={channel}
        onChange={(key) => setChannel(key as CodeChannel)}
        items={[
          { key: 'email', label: '通过邮箱' },
          { key: 'mobile', label: '通过手机号' },
        ]}
        centered
      />
      <Form<ResetValues>
        name="reset-password"
        form={form}
        onFinish={onFinish}
        size="large"
        preserve={false}
        key={channel}
      >
        <ContactField channel={channel} autoFocus />
        <CodeField form={form} channel={channel} purpose="reset_password" />
        <Form.Item name="password" rules={newPasswordRules(MESSAGES.newPassword)}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={`新密码（${MAX_LENGTH.passwordMin}-${MAX_LENGTH.password} 位）`}
            aria-label="新密码"
            autoComplete="new-password"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={forget.isPending}>
          重置密码
        </Button>
      </Form>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Button type="link" size="small" onClick={() => setMode('login')}>
          返回登录
        </Button>
      </Flex>
    </>
  );
}
