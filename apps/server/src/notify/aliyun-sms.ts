import { createHmac, randomUUID } from 'node:crypto';
import { MessageSendError, type MessageSender, type OutgoingMessage } from './message-sender.js';

/**
 * Aliyun SMS (dysmsapi, API version 2017-05-25) over the RPC v1 signature: HMAC-SHA1 with key
 * `AccessKeySecret + "&"` over `METHOD&%2F&percentEncode(canonical query)`, where the canonical
 * query is every parameter except Signature, sorted by name, each name and value encoded.
 */

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';

/** RFC 3986 encoding as Aliyun wants it: spaces as %20, and `*` too (encodeURIComponent leaves !'()*). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name] ?? '')}`)
    .join('&');
}

export function stringToSign(method: 'GET' | 'POST', params: Record<string, string>): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

export function signRpcRequest(
  method: 'GET' | 'POST',
  params: Record<string, string>,
  accessKeySecret: string,
): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign(method, params), 'utf8').digest('base64');
}

/** Aliyun wants ISO-8601 in UTC without milliseconds. */
function aliyunTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** A template whose only variable is ${code}. */
  templateCode: string;
  endpoint?: string;
  fetch?: typeof fetch;
  now?: () => Date;
  nonce?: () => string;
  timeoutMs?: number;
}

interface SendSmsResponse {
  Code?: string;
  Message?: string;
  RequestId?: string;
}

export class AliyunSmsSender implements MessageSender {
  private readonly fetch: typeof fetch;

  constructor(private readonly options: AliyunSmsOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** The signed form body of a SendSms call. */
  buildRequestParams(phone: string, code: string): Record<string, string> {
    const { accessKeyId, accessKeySecret, signName, templateCode } = this.options;
    const params: Record<string, string> = {
      AccessKeyId: accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: phone,
      RegionId: 'cn-hangzhou',
      SignName: signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: this.options.nonce?.() ?? randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: templateCode,
      TemplateParam: JSON.stringify({ code }),
      Timestamp: aliyunTimestamp(this.options.now?.() ?? new Date()),
      Version: '2017-05-25',
    };
    return { ...params, Signature: signRpcRequest('POST', params, accessKeySecret) };
  }

  async send(message: OutgoingMessage): Promise<void> {
    if (message.channel !== 'sms') throw new MessageSendError(`AliyunSmsSender cannot send ${message.channel}`);
    // SMS templates are approved in advance: only the code travels, never free text.
    if (!message.code) throw new MessageSendError('AliyunSmsSender sends verification codes only');
    const params = this.buildRequestParams(message.to, message.code);
    const body = Object.entries(params)
      .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
      .join('&');
    let response: Response;
    try {
      response = await this.fetch(this.options.endpoint ?? ALIYUN_SMS_ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new MessageSendError('aliyun sms unreachable', { cause: error });
    }
    let result: SendSmsResponse = {};
    try {
      result = (await response.json()) as SendSmsResponse;
    } catch {
      // A non-JSON answer is reported below with the HTTP status.
    }
    if (!response.ok || result.Code !== 'OK') {
      throw new MessageSendError(
        `aliyun sms refused: http ${response.status} ${result.Code ?? ''} ${result.Message ?? ''} request ${result.RequestId ?? '-'}`.trim(),
      );
    }
  }
}
