import {
  USER_API,
  type CodePurpose,
  type ZSendCodeResponse,
  type TSendEmailCodeRequest,
  type TSendMobileCodeRequest,
} from '@gemstock/contract';
import { callApi } from '@/lib/api-client';
import type { Output } from '@/lib/contract-types';

export type TSendCodeResponse = Output<typeof ZSendCodeResponse>;
export type CodeChannel = 'email' | 'mobile';

/** `quiet`: the caller applies the error policy itself (the send button handles 人机验证). */
type SendOptions = { quiet?: boolean };

export function sendEmailCode(body: TSendEmailCodeRequest, options: SendOptions = {}): Promise<TSendCodeResponse> {
  return callApi(USER_API.sendEmailCode, { body }, options);
}

export function sendMobileCode(body: TSendMobileCodeRequest, options: SendOptions = {}): Promise<TSendCodeResponse> {
  return callApi(USER_API.sendMobileCode, { body }, options);
}

/**
 * Sends a verification code by mail or SMS for one purpose (register, reset_password, bind).
 * `altcha` is the solved proof-of-work challenge, once the server has asked for one.
 */
export function sendVerificationCode(
  channel: CodeChannel,
  target: string,
  purpose: CodePurpose,
  options: SendOptions & { altcha?: string } = {},
): Promise<TSendCodeResponse> {
  const { altcha, ...rest } = options;
  const extra = altcha ? { altcha } : {};
  return channel === 'email'
    ? sendEmailCode({ email: target, purpose, ...extra }, rest)
    : sendMobileCode({ mobile: target, purpose, ...extra }, rest);
}
