import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import type { TAdminLoginRequest } from '@gemstock/contract';
import { ErrorCode, MESSAGES, OPERATOR_MESSAGES } from '@gemstock/contract';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { useAdminLogin } from '../api/admin-login';
import { adminPaths } from '../lib/admin-paths';
import { useAdminSession } from '../lib/admin-session';

/** Only console addresses are followed after sign-in, never an address from elsewhere. */
function safeRedirect(value: string | null): string {
  return value && value.startsWith(`${adminPaths.root}/`) && !value.startsWith(adminPaths.login)
    ? value
    : adminPaths.root;
}

export function AdminLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = useAdminSession((s) => s.token);
  const setToken = useAdminSession((s) => s.setToken);
  const login = useAdminLogin();
  const [error, setError] = useState<string | null>(null);
  // Asked for once the server says this account signs in with an authenticator code.
  const [askTotp, setAskTotp] = useState(false);
  const redirect = safeRedirect(params.get('redirect'));

  useEffect(() => {
    document.title = '登录 - 宝图运营后台';
  }, []);

  if (token) return <Navigate to={redirect} replace />;

  const submit = (values: TAdminLoginRequest) => {
    setError(null);
    login.mutate(values, {
      onSuccess: (res) => {
        setToken(res.access_token);
        void navigate(redirect, { replace: true });
      },
      onError: (e) => {
        if (isApiError(e) && (e.code === ErrorCode.TOTP_REQUIRED.code || e.code === ErrorCode.TOTP_INVALID.code)) {
          setAskTotp(true);
          // The first ask is a step of the sign-in, not a mistake.
          setError(e.code === ErrorCode.TOTP_REQUIRED.code && !askTotp ? null : e.message);
          return;
        }
        setError(isApiError(e) ? e.message : '登录失败，请稍后再试');
      },
    });
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        background: 'linear-gradient(135deg, #0f6b63 0%, #12403c 60%, #1d1a14 100%)',
        padding: 16,
      }}
    >
      <Card style={{ width: 380, maxWidth: '100%' }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: 4 }}>
          宝图运营后台
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          运营人员专用，请使用运营账号登录
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form<TAdminLoginRequest> layout="vertical" onFinish={submit} requiredMark={false} autoComplete="on">
          <Form.Item
            name="username"
            label="用户名"
            rules={[{ required: true, whitespace: true, message: MESSAGES.username }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" placeholder="运营账号" size="large" autoFocus />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[{ required: true, message: MESSAGES.password }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder="密码" size="large" />
          </Form.Item>
          {askTotp && (
            <Form.Item
              name="totp"
              label="动态验证码"
              extra="打开手机上的身份验证器，输入宝图运营后台的 6 位数字"
              rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: OPERATOR_MESSAGES.totp }]}
            >
              <Input
                prefix={<SafetyOutlined />}
                autoComplete="one-time-code"
                inputMode="numeric"
                placeholder="6 位数字"
                size="large"
                autoFocus
              />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
