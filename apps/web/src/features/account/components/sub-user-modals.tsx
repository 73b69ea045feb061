import {
  centsToYuan,
  MAX_LENGTH,
  MESSAGES,
  SUB_BUDGET_MAX_CENTS,
  SUB_BUDGET_MESSAGES,
  type TSubUser,
  yuanToCents,
  zEmail,
  zMobile,
  zUsername,
} from '@gemstock/contract';
import { Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { CodeField, newPasswordRules } from '@/components/contact-fields';
import { limitRule, schemaRule } from '@/lib/form';
import { useCreateSubUser } from '../api/create-sub-user';
import { useResetSubUserEmail } from '../api/reset-sub-user-email';
import { useSetSubUserPassword } from '../api/set-sub-user-password';
import { useUpdateSubUser } from '../api/update-sub-user';
import { sendAndClose } from './send-and-close';

const blankToNull = (v: string | undefined) => (v && v.trim() ? v.trim() : null);

/** The budget typed in yuan (empty = no limit) → cents for the request. */
export function budgetYuanToCents(yuan: number | null | undefined): number | null {
  return yuan === null || yuan === undefined ? null : yuanToCents(yuan);
}

/** 每月预算 in yuan, two decimals at most; empty means no limit (docs/decisions/0017). */
function BudgetField() {
  return (
    <Form.Item
      label="每月预算（元）"
      name="monthlyBudget"
      extra="子账号每个自然月（北京时间）经您审批的余额支付总额不能超过预算；留空表示不限"
      rules={[
        {
          validator: (_, value: number | null | undefined) => {
            if (value === null || value === undefined) return Promise.resolve();
            if (value < 0) return Promise.reject(new Error(SUB_BUDGET_MESSAGES.negative));
            if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6)
              return Promise.reject(new Error(SUB_BUDGET_MESSAGES.notCents));
            if (yuanToCents(value) > SUB_BUDGET_MAX_CENTS)
              return Promise.reject(new Error(SUB_BUDGET_MESSAGES.tooLarge));
            return Promise.resolve();
          },
        },
      ]}
    >
      {/* no min, max or precision: InputNumber would quietly turn −100 into 0 and 1.234 into 1.23
          on blur; the rule above refuses them with a message instead */}
      <InputNumber<number> prefix="¥" placeholder="不限" style={{ width: '100%' }} aria-label="每月预算（元）" />
    </Form.Item>
  );
}

interface CreateValues {
  username: string;
  password: string;
  name?: string;
  monthlyBudget?: number | null;
}

/** Why addresses are not asked for here: the owner of an address proves it with a code. */
const ADDRESS_NOTE =
  '邮箱和手机号需验证后绑定：创建后在列表中点击“绑定邮箱”或“编辑”，验证码将发送到该地址，请向使用人索取。';

export function CreateSubUserModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<CreateValues>();
  const create = useCreateSubUser();

  const onFinish = (v: CreateValues) =>
    sendAndClose(
      form,
      () =>
        create.mutateAsync({
          username: v.username,
          password: v.password,
          name: blankToNull(v.name),
          monthlyBudget: budgetYuanToCents(v.monthlyBudget),
        }),
      '创建成功',
      onClose,
    );

  return (
    <Modal
      open={open}
      title="新建子账号"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form<CreateValues> name="sub-user-create" form={form} layout="vertical" onFinish={onFinish} preserve={false}>
        <Form.Item
          label="用户名"
          name="username"
          required
          rules={[schemaRule(zUsername)]}
          extra="子账号使用用户名和密码登录"
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="登录密码" name="password" rules={newPasswordRules(MESSAGES.password)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="姓名" name="name" rules={[limitRule(MAX_LENGTH.name, '姓名')]}>
          <Input count={{ show: true, max: MAX_LENGTH.name }} placeholder="选填" />
        </Form.Item>
        <BudgetField />
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {ADDRESS_NOTE}
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}

interface EditValues {
  name?: string;
  mobile?: string;
  code?: string;
  monthlyBudget?: number | null;
}

/** Name and mobile; a new mobile is bound only with the code sent to it. */
export function EditSubUserModal({ subUser, onClose }: { subUser: TSubUser | null; onClose: () => void }) {
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateSubUser();
  const mobile = blankToNull(Form.useWatch('mobile', form));
  const needsCode = mobile !== null && mobile !== (subUser?.mobile ?? null);

  useEffect(() => {
    if (subUser) {
      form.setFieldsValue({
        name: subUser.name ?? '',
        mobile: subUser.mobile ?? '',
        monthlyBudget: subUser.monthlyBudget === null ? null : centsToYuan(subUser.monthlyBudget),
      });
    }
  }, [subUser, form]);

  const onFinish = async (v: EditValues) => {
    if (!subUser) return;
    await sendAndClose(
      form,
      () =>
        update.mutateAsync({
          sid: subUser.sid,
          name: blankToNull(v.name),
          mobile: blankToNull(v.mobile),
          code: needsCode ? blankToNull(v.code) : null,
          monthlyBudget: budgetYuanToCents(v.monthlyBudget),
        }),
      '更新成功',
      onClose,
    );
  };

  return (
    <Modal
      open={subUser !== null}
      title={`编辑子账号 ${subUser?.username ?? ''}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={update.isPending}
      forceRender
    >
      <Form<EditValues> name="sub-user-edit" form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item label="姓名" name="name" rules={[limitRule(MAX_LENGTH.name, '姓名')]}>
          <Input count={{ show: true, max: MAX_LENGTH.name }} />
        </Form.Item>
        <Form.Item label="手机号" name="mobile" rules={[schemaRule(zMobile, { optional: true })]}>
          <Input inputMode="numeric" />
        </Form.Item>
        <BudgetField />
        {needsCode && (
          <>
            <Typography.Paragraph type="secondary">
              验证码将发送到该手机号，请向手机号使用人索取，验证通过后完成绑定。
            </Typography.Paragraph>
            <CodeField form={form} channel="mobile" purpose="bind" />
          </>
        )}
      </Form>
    </Modal>
  );
}

export function SubUserPasswordModal({ subUser, onClose }: { subUser: TSubUser | null; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string }>();
  const setPassword = useSetSubUserPassword();

  const onFinish = async ({ password }: { password: string }) => {
    if (!subUser) return;
    await sendAndClose(form, () => setPassword.mutateAsync({ sid: subUser.sid, password }), '密码已重置', onClose);
  };

  return (
    <Modal
      open={subUser !== null}
      title={`设置 ${subUser?.username ?? ''} 的登录密码`}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={setPassword.isPending}
      destroyOnHidden
    >
      <Form name="sub-user-password" form={form} layout="vertical" onFinish={onFinish} preserve={false}>
        <Form.Item label="新密码" name="password" rules={newPasswordRules(MESSAGES.newPassword)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Binds or changes a sub-account's email with the code sent to the new address. */
export function SubUserEmailModal({ subUser, onClose }: { subUser: TSubUser | null; onClose: () => void }) {
  const [form] = Form.useForm<{ email: string; code: string }>();
  const resetEmail = useResetSubUserEmail();

  const onFinish = async ({ email, code }: { email: string; code: string }) => {
    if (!subUser) return;
    await sendAndClose(form, () => resetEmail.mutateAsync({ sid: subUser.sid, email, code }), '更新成功', onClose);
  };

  return (
    <Modal
      open={subUser !== null}
      title={`${subUser?.email ? '更换' : '绑定'} ${subUser?.username ?? ''} 的邮箱`}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={resetEmail.isPending}
      destroyOnHidden
    >
      <Form name="sub-user-email" form={form} layout="vertical" onFinish={onFinish} preserve={false}>
        <Form.Item
          label="新邮箱"
          name="email"
          rules={[schemaRule(zEmail)]}
          extra={subUser?.email ? `当前邮箱：${subUser.email}` : '当前未绑定邮箱'}
        >
          <Input aria-label="邮箱" />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          验证码将发送到新邮箱，请向邮箱使用人索取，验证通过后完成绑定。
        </Typography.Paragraph>
        <CodeField form={form} channel="email" purpose="bind" />
      </Form>
    </Modal>
  );
}
