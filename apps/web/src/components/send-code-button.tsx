import { CODE_RESEND_SECONDS, ErrorCode } from '@gemstock/contract';
import { Button } from 'antd';
import { useState } from 'react';
import type { TSendCodeResponse } from '@/api/send-code';
import { useCountdown } from '@/hooks/use-countdown';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';

interface SendCodeButtonProps {
  /** Validates the email or mobile first (spec §5); a rejection stops the send. */
  validate: () => Promise<unknown>;
  send: () => Promise<TSendCodeResponse>;
  disabled?: boolean;
}

/** "获取验证码": validates, sends, toasts 发送成功 and blocks resending for 60 seconds. */
export function SendCodeButton({ validate, send, disabled }: SendCodeButtonProps) {
  const { remaining, isRunning, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const onClick = async () => {
    try {
      await validate();
    } catch {
      return; // the form shows the field's message
    }
    setSending(true);
    try {
      const { resendAfter } = await send();
      notify.success('发送成功');
      start(Math.max(CODE_RESEND_SECONDS, resendAfter || 0));
    } catch (error) {
      // the server refused a resend this soon: honour its wait as well
      if (isApiError(error) && error.code === ErrorCode.CODE_TOO_FREQUENT.code) start(CODE_RESEND_SECONDS);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={onClick} loading={sending} disabled={disabled || isRunning} style={{ minWidth: 124 }}>
      {isRunning ? `${remaining} 秒后重发` : '获取验证码'}
    </Button>
  );
}
