import { ErrorCode } from '@gemstock/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SendCodeButton } from '@/components/send-code-button';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';

// The real widget solves a proof-of-work challenge in Web Workers; here it is solved at a click.
vi.mock('@/components/code-challenge-modal', () => ({
  CodeChallengeModal: ({ open, onSolved }: { open: boolean; onSolved: (payload: string) => void }) =>
    open ? (
      <div role="dialog" aria-label="人机验证">
        <button type="button" onClick={() => onSolved('solved-payload')}>
          完成验证
        </button>
      </div>
    ) : null,
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('获取验证码 with 人机验证', () => {
  it('shows the check when the server asks for it, then sends again with the solved challenge', async () => {
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => {});
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    const send = vi
      .fn<(options: { quiet: true; altcha?: string }) => Promise<{ resendAfter: number }>>()
      .mockRejectedValueOnce(new ApiError(ErrorCode.CHALLENGE_REQUIRED.code, ErrorCode.CHALLENGE_REQUIRED.message, 428))
      .mockResolvedValueOnce({ resendAfter: 60 });
    render(<SendCodeButton validate={async () => undefined} send={send} />);

    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    const dialog = await screen.findByRole('dialog', { name: '人机验证' });
    expect(send).toHaveBeenCalledWith({ quiet: true });
    expect(toast).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '完成验证' }));
    await waitFor(() => expect(send).toHaveBeenLastCalledWith({ quiet: true, altcha: 'solved-payload' }));
    await screen.findByRole('button', { name: /秒后重发/ });
    expect(dialog.isConnected).toBe(false);
  });

  it('still toasts any other refusal', async () => {
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => {});
    const send = vi.fn().mockRejectedValue(new ApiError(2011, '验证码发送次数过多，请一小时后再试', 429));
    render(<SendCodeButton validate={async () => undefined} send={send} />);
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('验证码发送次数过多，请一小时后再试'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
