import { SafetyCertificateOutlined } from '@ant-design/icons';
import { MESSAGES, OPERATOR_MESSAGES, OPERATOR_ROLE_LABEL, type TTotpSetupResponse } from '@gemstock/contract';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date-time';
import { notify } from '@/lib/notify';
import { useAdminMe } from '../api/get-admin-me';
import { useDisableTotp, useEnableTotp, useSetUpTotp } from '../api/own-account';
import { ChangePasswordForm } from '../components/change-password-form';
import { useAdminSession } from '../lib/admin-session';

const codeRule = { required: true, pattern: /^\s*\d{6}\s*$/, message: OPERATOR_MESSAGES.totp };

function errorText(e: unknown): string {
  return isApiError(e) ? e.message : '操作失败，请稍后再试';
}

/** Turning TOTP on: the password, then the QR code to scan, then a code from the app. */
function TotpSetup({ onDone }: { onDone: () => void }) {
  const setUp = useSetUpTotp();
  const enable = useEnableTotp();
  const [secret, setSecret] = useState<TTotpSetupResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!secret) {
    return (
      <Form<{ password: string }>
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 360 }}
        onFinish={({ password }) => {
          setError(null);
          setUp.mutate({ password }, { onSuccess: setSecret, onError: (e) => setError(errorText(e)) });
        }}
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form.Item name="password" label="当前密码" rules={[{ required: true, message: MESSAGES.password }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={setUp.isPending}>
            下一步
          </Button>
          <Button onClick={onDone}>取消</Button>
        </Space>
      </Form>
    );
  }

  return (
    <Flex gap={24} wrap>
      <Space orientation="vertical" align="center">
        <img src={secret.qrDataUrl} alt="动态验证码绑定二维码" width={200} height={200} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          无法扫码时手动输入密钥：
        </Typography.Text>
        <Typography.Text copyable code style={{ fontSize: 12 }}>
          {secret.secret}
        </Typography.Text>
      </Space>
      <Form<{ code: string }>
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 320 }}
        onFinish={({ code }) => {
          setError(null);
          enable.mutate(
            { code },
            {
              onSuccess: () => {
                notify.success('已开启动态验证码登录');
                onDone();
              },
              onError: (e) => setError(errorText(e)),
            },
          );
        }}
      >
        <Typography.Paragraph>
          用手机上的身份验证器（如 Google Authenticator、Microsoft Authenticator、腾讯身份验证器）扫描左侧二维码，
          再输入它显示的 6 位数字。
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form.Item name="code" label="动态验证码" rules={[codeRule]}>
          <Input inputMode="numeric" autoComplete="one-time-code" placeholder="6 位数字" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={enable.isPending}>
            开启
          </Button>
          <Button onClick={onDone}>取消</Button>
        </Space>
      </Form>
    </Flex>
  );
}

function TotpDisable({ onDone }: { onDone: () => void }) {
  const disable = useDisableTotp();
  const [error, setError] = useState<string | null>(null);
  return (
    <Form<{ password: string; code: string }>
      layout="vertical"
      requiredMark={false}
      style={{ maxWidth: 360 }}
      onFinish={(values) => {
        setError(null);
        disable.mutate(values, {
          onSuccess: () => {
            notify.success('已关闭动态验证码登录');
            onDone();
          },
          onError: (e) => setError(errorText(e)),
        });
      }}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item name="password" label="当前密码" rules={[{ required: true, message: MESSAGES.password }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="code" label="动态验证码" rules={[codeRule]}>
        <Input inputMode="numeric" autoComplete="one-time-code" placeholder="6 位数字" />
      </Form.Item>
      <Space>
        <Button danger htmlType="submit" loading={disable.isPending}>
          关闭
        </Button>
        <Button onClick={onDone}>取消</Button>
      </Space>
    </Form>
  );
}

/** 我的账号: who the operator is, its password and its TOTP sign-in. */
export function AccountPage() {
  const token = useAdminSession((s) => s.token);
  const me = useAdminMe(token !== null);
  const operator = me.data?.operator;
  const [editing, setEditing] = useState<'on' | 'off' | null>(null);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title="账号信息" loading={!operator}>
        {operator && (
          <Descriptions column={1} size="small">
            <Descriptions.Item label="用户名">{operator.username}</Descriptions.Item>
            <Descriptions.Item label="姓名">{operator.name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="角色">
              {operator.roles.map((role) => (
                <Tag key={role}>{OPERATOR_ROLE_LABEL[role]}</Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label="本次登录">{formatDateTime(operator.lastLoginAt)}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card title="修改密码">
        <ChangePasswordForm />
      </Card>
      <Card
        title={
          <Space>
            <SafetyCertificateOutlined />
            动态验证码登录
            {operator && (operator.totpEnabled ? <Tag color="green">已开启</Tag> : <Tag>未开启</Tag>)}
          </Space>
        }
      >
        {editing === null && (
          <Space orientation="vertical">
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              开启后，登录时除密码外还需输入手机身份验证器上的 6 位动态验证码，密码泄露时账号仍然安全。
            </Typography.Paragraph>
            {operator?.totpEnabled ? (
              <Button danger onClick={() => setEditing('off')}>
                关闭动态验证码登录
              </Button>
            ) : (
              <Button type="primary" onClick={() => setEditing('on')} disabled={!operator}>
                开启动态验证码登录
              </Button>
            )}
          </Space>
        )}
        {editing === 'on' && <TotpSetup onDone={() => setEditing(null)} />}
        {editing === 'off' && <TotpDisable onDone={() => setEditing(null)} />}
      </Card>
    </Space>
  );
}
