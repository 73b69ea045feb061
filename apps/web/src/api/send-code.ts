import {
  USER_PATHS,
  type CodePurpose,
  type ZSendCodeResponse,
  type TSendEmailCodeRequest,
  type TSendMobileCodeRequest,
} from '@gemstock/contract';
import { apiClient } from '@/lib/api-client';
import type { Output } from '@/lib/contract-types';

export type TSendCodeResponse = Output<typeof ZSendCodeResponse>;
export type CodeChannel = 'email' | 'mobile';

export function sendEmailCode(body: TSendEmailCodeRequest): Promise<TSendCodeResponse> {
  return apiClient.post<TSendCodeResponse>(USER_PATHS.sendEmailCode, body);
}

export function sendMobileCode(body: TSendMobileCodeRequest): Promise<TSendCodeResponse> {
  return apiClient.post<TSendCodeResponse>(USER_PATHS.sendMobileCode, body);
}

/** Sends a verification code by mail or SMS for one purpose (register, reset_password, bind). */
export function sendVerificationCode(
  channel: CodeChannel,
  target: string,
  purpose: CodePurpose,
): Promise<TSendCodeResponse> {
  return channel === 'email' ? sendEmailCode({ email: target, purpose }) : sendMobileCode({ mobile: target, purpose });
}
