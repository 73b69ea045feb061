import { Modal, Typography } from 'antd';
import { adminLogout } from '../lib/admin-api';
import { ChangePasswordForm } from './change-password-form';

/**
 * Shown over every page while the operator signs in with a password an administrator chose
 * (a new account, a reset): it cannot be dismissed, only answered or left by 退出.
 */
export function PasswordChangeRequired() {
  return (
    <Modal
      open
      title="请先设置您自己的密码"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      okButtonProps={{ style: { display: 'none' } }}
      cancelText="退出登录"
      onCancel={() => void adminLogout()}
    >
      <Typography.Paragraph type="secondary">
        当前密码由管理员设置。为了账号安全，请设置一个只有您知道的新密码后再继续使用。
      </Typography.Paragraph>
      <ChangePasswordForm />
    </Modal>
  );
}
