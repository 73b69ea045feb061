import { MAX_LENGTH, MESSAGES, type TRegisterRequest } from '@gemstock/contract';
import { LockOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Form, Input, Tabs, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { shownVersion } from '@/api/get-content';
import type { CodeChannel } from '@/api/send-code';
import { CodeField, ContactField, newPasswordRules } from '@/components/contact-fields';
import { SOURCE_PARAM } from '@/config/paths';
import { applyFieldErrors, limitRule } from '@/lib/form';
import { useDialogs } from '@/stores/dialogs';
import { useRegister } from '../api/register';
import { useCompleteLogin } from '../hooks/use-complete-login';

interface RegisterValues {
  email?: string;
  mobile?: string;
  code: string;
  password: string;
  referrer?: string;
  agreement: boolean;
  adult: boolean;
}

const mustTick = (message: string) => ({
  validator: async (_: unknown, value: unknown) => {
    if (value !== true) throw new Error(message);
  },
});

export function RegisterForm() {
  const [channel, setChannel] = useState<CodeChannel>('email');
  const [form] = Form.useForm<RegisterValues>();
  const [searchParams] = useSearchParams();
  const register = useRegister();
  const completeLogin = useCompleteLogin();
  const setMode = useDialogs((s) => s.setAuthMode);
  const openLegal = useDialogs((s) => s.openLegal);
  const [finishing, setFinishing] = useState(false);
  const queryClient = useQueryClient();

  const onFinish = async (values: RegisterValues) => {
    const body: TRegisterRequest = {
      code: values.code,
      password: values.password,
      // spec §2: the register form reads the `source` query parameter
      source: searchParams.get(SOURCE_PARAM) || null,
      referrer: values.referrer?.trim() || null,
      agreement: true,
      adult: true,
      // the versions of the texts the dialogs showed, when opened (decision 0042)
      agreement_versions: {
        user_agreement: shownVersion(queryClient, 'user_agreement'),
        privacy_guide: shownVersion(queryClient, 'privacy_guide'),
      },
      ...(channel === 'email' ? { email: values.email } : { mobile: values.mobile }),
    };
    try {
      const { access_token } = await register.mutateAsync(body);
      setFinishing(true);
      await completeLogin(access_token, '注册成功');
    } catch (error) {
      // a text changed since it was shown (4325): the dialogs show the current one
      void queryClient.invalidateQueries({ queryKey: ['content'] });
      applyFieldErrors(form, error);
    } finally {
      setFinishing(false);
    }
  };

  return (
    <>
      <Tabs
        activeKey={channel}
        onChange={(key) => setChannel(key as CodeChannel)}
        items={[
          { key: 'email', label: '邮箱注册' },
          { key: 'mobile', label: '手机号注册' },
        ]}
        centered
      />
      <Form<RegisterValues> name="register" form={form} onFinish={onFinish} size="large" preserve={false} key={channel}>
        <ContactField channel={channel} autoFocus />
        <CodeField form={form} channel={channel} purpose="register" />
        <Form.Item name="password" rules={newPasswordRules(MESSAGES.password)}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={`设置密码（${MAX_LENGTH.passwordMin}-${MAX_LENGTH.password} 位）`}
            aria-label="密码"
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item name="referrer" rules={[limitRule(MAX_LENGTH.referrer, '推荐人')]}>
          <Input
            prefix={<TeamOutlined />}
            placeholder="推荐人（选填）"
            aria-label="推荐人"
            count={{ max: MAX_LENGTH.referrer }}
          />
        </Form.Item>
        <Form.Item
          name="agreement"
          valuePropName="checked"
          rules={[mustTick(MESSAGES.agreement)]}
          style={{ marginBottom: 4 }}
        >
          <Checkbox>
            我已阅读并同意
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => openLegal('agreement')}>
              《用户协议》
            </Button>
            和
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => openLegal('privacy')}>
              《个人信息保护指引》
            </Button>
          </Checkbox>
        </Form.Item>
        <Form.Item name="adult" valuePropName="checked" rules={[mustTick(MESSAGES.adult)]}>
          <Checkbox>我确认已年满 18 周岁</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={register.isPending || finishing}>
          注册
        </Button>
      </Form>
      <Flex justify="center" gap={4} style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">已有账号？</Typography.Text>
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setMode('login')}>
          直接登录
        </Button>
      </Flex>
    </>
  );
}
