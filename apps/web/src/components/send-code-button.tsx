import { CODE_RESEND_SECONDS, CLIENT_ERROR } from '@gemstock/contract';
import { Button } from 'antd';
import { useState } from 'react';
import type { TSendCodeResponse } from '@/api/send-code';
import { CodeChallengeModal } from '@/components/code-challenge-modal';
import { useCountdown } from '@/hooks/use-countdown';
import { applyErrorPolicy, isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';

interface SendCodeButtonProps {
  /** Validates the email or mobile first (spec §5); a rejection stops the send. */
  validate: () => Promise<unknown>;
  /** Sends quietly (the button applies the error policy), with the solved challenge once asked for. */
  send: (options: { quiet: true; altcha?: string }) => Promise<TSendCodeResponse>;
  disabled?: boolean;
}

/**
 * "获取验证码": validates, sends, toasts 发送成功 and blocks resending for 60 seconds. When the
 * server asks for a proof-of-work check first (many codes from one network), it shows the
 * 人机验证 dialog and sends again with the solved challenge.
 */
export function SendCodeButton({ validate, send, disabled }: SendCodeButtonProps) {
  const { remaining, isRunning, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [challengeOpen, setChallengeOpen] = useState(false);

  const sendNow = async (altcha?: string) => {
    setSending(true);
    try {
      const { resendAfter } = await send({ quiet: true, ...(altcha ? { altcha } : {}) });
      notify.success('发送成功');
      start(Math.max(CODE_RESEND_SECONDS, resendAfter || 0));
    } catch (error) {
      if (isApiError(error) && error.code === CLIENT_ERROR.CHALLENGE_REQUIRED) {
        setChallengeOpen(true);
        return;
      }
      if (isApiError(error)) applyErrorPolicy(error);
      // the server refused a resend this soon: honour its wait as well
      if (isApiError(error) && error.code === CLIENT_ERROR.CODE_TOO_FREQUENT) start(CODE_RESEND_SECONDS);
    } finally {
      setSending(false);
    }
  };

  const onClick = async () => {
    try {
      await validate();
    } catch {
      return; // the form shows the field's message
    }
    await sendNow();
  };

  return (
    <>
      <Button onClick={onClick} loading={sending} disabled={disabled || isRunning} style={{ minWidth: 124 }}>
        {isRunning ? `${remaining} 秒后重发` : '获取验证码'}
      </Button>
      <CodeChallengeModal
        open={challengeOpen}
        onCancel={() => setChallengeOpen(false)}
        onSolved={(payload) => {
          setChallengeOpen(false);
          void sendNow(payload);
        }}
      />
    </>
  );
}
