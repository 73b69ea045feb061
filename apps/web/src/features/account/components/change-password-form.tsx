import { MAX_LENGTH } from '@gemstock/contract';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { signOut } from '@/lib/api-client';
import { useLightForm } from '@/lib/light-form';
import { notify } from '@/lib/notify';
import { useDialogs } from '@/stores/dialogs';
import { useResetPassword } from '../api/reset-password';

const loadSchemas = async () => {
  const { zPassword, zNewPassword } = await import('@/lib/field-schemas');
  return { password: zPassword, new_password: zNewPassword };
};

type PasswordFieldName = 'password' | 'new_password' | 'confirm';

/** The three password inputs, alike but for these; autocomplete tells a password manager which is which. */
const PASSWORD_FIELDS: Array<{ name: PasswordFieldName; label: string; autoComplete: string; placeholder?: string }> = [
  { name: 'password', label: '当前密码', autoComplete: 'current-password' },
  {
    name: 'new_password',
    label: '新密码',
    autoComplete: 'new-password',
    placeholder: `${MAX_LENGTH.passwordMin}-${MAX_LENGTH.password} 位`,
  },
  { name: 'confirm', label: '确认新密码', autoComplete: 'new-password' },
];

/**
 * Change password. The server revokes the token afterwards, so we log out and open the login
 * dialog right away instead of waiting for the next call to fail.
 */
export function ChangePasswordForm() {
  const reset = useResetPassword();
  const openAuth = useDialogs((s) => s.openAuth);
  const form = useLightForm<PasswordFieldName>({
    name: 'change-password',
    initialValues: { password: '', new_password: '', confirm: '' },
    schemas: loadSchemas,
    checks: {
      confirm: (value, values) => {
        if (!value) return '请再次输入新密码';
        if (value !== values.new_password) return '两次输入的新密码不一致';
        return undefined;
      },
    },
    dependents: { new_password: ['confirm'] },
    onSubmit: async ({ password, new_password }) => {
      try {
        await reset.mutateAsync({ password, new_password });
        notify.success('密码已修改，请重新登录');
        signOut();
        openAuth('login');
      } catch (error) {
        form.showServerErrors(error);
      }
    },
  });

  return (
    <form
      name="change-password"
      noValidate
      onSubmit={(event) => void form.handleSubmit(event)}
      style={{ maxWidth: 420 }}
    >
      {PASSWORD_FIELDS.map(({ name, ...field }) => (
        <TextField key={name} {...form.field(name)} {...field} required type="password" />
      ))}
      <Button kind="primary" type="submit" loading={reset.isPending}>
        修改密码
      </Button>
    </form>
  );
}
