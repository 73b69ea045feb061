import { MAX_LENGTH, MESSAGES, type TLoginRequest } from '@gemstock/contract';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { ContactField } from '@/components/contact-fields';
import { applyFieldErrors, limitRule } from '@/lib/form';
import { useDialogs } from '@/stores/dialogs';
import { useLogin } from '../api/login';
import { useCompleteLogin } from '../hooks/use-complete-login';

type LoginMethod = 'email' | 'mobile' | 'username';

interface LoginValues {
  email?: string;
  mobile?: string;
  username?: string;
  password: string;
}

const METHODS = [
  { key: 'email', label: '邮箱' },
  { key: 'mobile', label: '手机号' },
  { key: 'username', label: '子账号' },
] as const;

function toRequest(method: LoginMethod, v: LoginValues): TLoginRequest {
  if (method === 'username') return { username: v.username ?? '', password: v.password };
  if (method === 'mobile') return { mobile: v.mobile ?? '', password: v.password };
  return { email: v.email ?? '', password: v.password };
}

export function LoginForm() {
  const [method, setMethod] = useState<LoginMethod>('email');
  const [form] = Form.useForm<LoginValues>();
  const login = useLogin();
  const completeLogin = useCompleteLogin();
  const setMode = useDialogs((s) => s.setAuthMode);
  const [finishing, setFinishing] = useState(false);

  const onFinish = async (values: LoginValues) => {
    try {
      const { access_token } = await login.mutateAsync(toRequest(method, values));
      setFinishing(true);
      await completeLogin(access_token, '登录成功');
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setFinishing(false);
    }
  };

  return (
    <>
      <Tabs
        activeKey={method}
        onChange={(key) => setMethod(key as LoginMethod)}
        items={METHODS.map((m) => ({ key: m.key, label: m.label }))}
        centered
      />
      <Form<LoginValues> name="login" form={form} onFinish={onFinish} size="large" preserve={false} key={method}>
        {method === 'username' ? (
          <Form.Item
            name="username"
            rules={[
              { required: true, whitespace: true, message: MESSAGES.username },
              limitRule(MAX_LENGTH.username, '用户名'),
            ]}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder="子账号用户名"
              aria-label="用户名"
              autoComplete="username"
              autoFocus
            />
          </Form.Item>
        ) : (
          <ContactField channel={method} autoFocus />
        )}
        <Form.Item
          name="password"
          rules={[{ required: true, message: MESSAGES.password }, limitRule(MAX_LENGTH.password, '密码')]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="密码"
            aria-label="密码"
            autoComplete="current-password"
          />
        </Form.Item>
        <Flex justify="space-between" align="center" style={{ marginTop: -8, marginBottom: 16 }}>
          {method === 'username' ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              子账号由主账号创建，忘记密码请联系主账号重置
            </Typography.Text>
          ) : (
            <span />
          )}
          {method !== 'username' && (
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setMode('reset')}>
              忘记密码？
            </Button>
          )}
        </Flex>
        <Button type="primary" htmlType="submit" block loading={login.isPending || finishing}>
          登录
        </Button>
      </Form>
      <Flex justify="center" gap={4} style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">还没有账号？</Typography.Text>
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setMode('register')}>
          立即注册
        </Button>
      </Flex>
    </>
  );
}
