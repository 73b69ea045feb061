import { Modal, Typography } from 'antd';
import { type AuthMode, useDialogs } from '@/stores/dialogs';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ResetPasswordForm } from './reset-password-form';

const TITLES: Record<AuthMode, { title: string; subtitle: string }> = {
  login: { title: '登录宝图', subtitle: '珠宝行业正版图片与视频授权平台' },
  register: { title: '注册企业账号', subtitle: '注册后即可购买授权、开具发票与定制设计' },
  reset: { title: '重置密码', subtitle: '通过已绑定的邮箱或手机号找回密码' },
};

/** Login, register and reset password in one dialog that toggles between the three (spec §2). */
export function AuthDialog() {
  const { open, mode } = useDialogs((s) => s.auth);
  const close = useDialogs((s) => s.closeAuth);
  const text = TITLES[mode];

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      width={440}
      destroyOnHidden
      centered
      // names the dialog for screen readers; the heading below is what the eye sees
      title={text.title}
      classNames={{ header: 'gs-sr-only' }}
    >
      <div style={{ textAlign: 'center', margin: '8px 0 4px' }}>
        <Typography.Title level={4} style={{ marginBottom: 4 }}>
          {text.title}
        </Typography.Title>
        <Typography.Text type="secondary">{text.subtitle}</Typography.Text>
      </div>
      {mode === 'login' && <LoginForm />}
      {mode === 'register' && <RegisterForm />}
      {mode === 'reset' && <ResetPasswordForm />}
    </Modal>
  );
}
