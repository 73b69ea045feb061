import { CODE_LENGTH, MESSAGES, MAX_LENGTH, type CodePurpose, zEmail, zMobile } from '@gemstock/contract';
import { MailOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Form, type FormInstance, Input, Space } from 'antd';
import { type CodeChannel, sendVerificationCode } from '@/api/send-code';
import { SendCodeButton } from '@/components/send-code-button';
import { schemaRule } from '@/lib/form';

/** The email or mobile field, validated with the contract's rules (spec §5). */
export function ContactField({ channel, autoFocus }: { channel: CodeChannel; autoFocus?: boolean }) {
  return channel === 'email' ? (
    <Form.Item name="email" rules={[schemaRule(zEmail)]} validateTrigger="onBlur">
      <Input
        prefix={<MailOutlined />}
        placeholder="邮箱"
        aria-label="邮箱"
        autoComplete="email"
        autoFocus={autoFocus}
      />
    </Form.Item>
  ) : (
    <Form.Item name="mobile" rules={[schemaRule(zMobile)]} validateTrigger="onBlur">
      <Input
        prefix={<MobileOutlined />}
        placeholder="手机号"
        aria-label="手机号"
        autoComplete="tel"
        inputMode="numeric"
        autoFocus={autoFocus}
      />
    </Form.Item>
  );
}

/** Verification code (exactly 6) with the send button; sending validates the contact first. */
export function CodeField({
  form,
  channel,
  purpose,
}: {
  form: FormInstance;
  channel: CodeChannel;
  purpose: CodePurpose;
}) {
  const message = channel === 'email' ? MESSAGES.emailCode : MESSAGES.mobileCode;
  return (
    <Form.Item required>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={[{ required: true, len: CODE_LENGTH, message }]}>
          <Input
            prefix={<SafetyOutlined />}
            placeholder={`${CODE_LENGTH} 位验证码`}
            aria-label="验证码"
            autoComplete="one-time-code"
            inputMode="numeric"
          />
        </Form.Item>
        <SendCodeButton
          validate={() => form.validateFields([channel])}
          send={(options) =>
            sendVerificationCode(channel, String(form.getFieldValue(channel)).trim(), purpose, options)
          }
        />
      </Space.Compact>
    </Form.Item>
  );
}

/** Password rules for a password being set: required (with the form's own message) and length. */
export function newPasswordRules(requiredMessage: string) {
  return [
    { required: true, message: requiredMessage },
    { min: MAX_LENGTH.passwordMin, max: MAX_LENGTH.password, message: MESSAGES.passwordLength },
  ];
}
