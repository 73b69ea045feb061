import { Form, Modal, Typography } from 'antd';
import type { CodeChannel } from '@/api/send-code';
import { CodeField, ContactField } from '@/components/contact-fields';
import { useChangeEmail } from '../api/change-email';
import { useChangeMobile } from '../api/change-mobile';
import { sendAndClose } from './send-and-close';

interface ChangeContactModalProps {
  channel: CodeChannel | null;
  /** Whether the account already has one (reset) or not (bind). */
  hasCurrent: boolean;
  onClose: () => void;
}

interface Values {
  email?: string;
  mobile?: string;
  code: string;
}

/** Bind or change the account's email or mobile with a code sent to the new address. */
export function ChangeContactModal({ channel, hasCurrent, onClose }: ChangeContactModalProps) {
  const [form] = Form.useForm<Values>();
  const email = useChangeEmail();
  const mobile = useChangeMobile();
  const noun = channel === 'mobile' ? '手机号' : '邮箱';
  const title = `${hasCurrent ? '修改' : '绑定'}${noun}`;

  const onFinish = (values: Values) =>
    sendAndClose(
      form,
      () =>
        channel === 'email'
          ? email.mutateAsync({ email: values.email ?? '', code: values.code, hasEmail: hasCurrent })
          : mobile.mutateAsync({ mobile: values.mobile ?? '', code: values.code, hasMobile: hasCurrent }),
      '更新成功',
      onClose,
    );

  return (
    <Modal
      open={channel !== null}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确定"
      confirmLoading={email.isPending || mobile.isPending}
      destroyOnHidden
      width={440}
    >
      {channel && (
        <Form<Values> name="change-contact" form={form} onFinish={onFinish} preserve={false} style={{ marginTop: 16 }}>
          <Typography.Paragraph type="secondary">
            验证码将发送到新的{noun}，验证通过后完成{hasCurrent ? '修改' : '绑定'}。
          </Typography.Paragraph>
          <ContactField channel={channel} autoFocus />
          <CodeField form={form} channel={channel} purpose="bind" />
        </Form>
      )}
    </Modal>
  );
}
