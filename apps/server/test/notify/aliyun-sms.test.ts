import { describe, expect, it } from 'vitest';
import {
  ALIYUN_SMS_ENDPOINT,
  AliyunSmsSender,
  canonicalQuery,
  percentEncode,
  signRpcRequest,
  stringToSign,
} from '../../src/notify/aliyun-sms.js';
import { MessageSendError, type OutgoingMessage } from '../../src/notify/message-sender.js';

/**
 * Vectors from Aliyun's own documentation of the RPC v1 signature: the SendSms example of the
 * SMS "HTTP 协议及签名" page (AccessKeySecret testSecret) and the DescribeRegions example of the
 * general "签名机制" page (AccessKeySecret testsecret). Both use GET; the sender signs POST with
 * the same function.
 */
const SMS_DOC_PARAMS = {
  AccessKeyId: 'testId',
  Action: 'SendSms',
  Format: 'XML',
  OutId: '123',
  PhoneNumbers: '15300000001',
  RegionId: 'cn-hangzhou',
  SignName: '阿里云短信测试专用',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
  SignatureVersion: '1.0',
  TemplateCode: 'SMS_71390007',
  TemplateParam: '{"customer":"test"}',
  Timestamp: '2017-07-12T02:42:19Z',
  Version: '2017-05-25',
};

const SMS_DOC_STRING_TO_SIGN =
  'GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123%26PhoneNumbers%3D15300000001' +
  '%26RegionId%3Dcn-hangzhou%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF%25A1' +
  '%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D' +
  '45e25e9b-0a6f-4070-8c85-2956eda1b466%26SignatureVersion%3D1.0%26TemplateCode%3DSMS_71390007%26TemplateParam%3D' +
  '%257B%2522customer%2522%253A%2522test%2522%257D%26Timestamp%3D2017-07-12T02%253A42%253A19Z%26Version%3D2017-05-25';

describe('Aliyun RPC v1 signature', () => {
  it('builds the documented string to sign for the SendSms example', () => {
    expect(stringToSign('GET', SMS_DOC_PARAMS)).toBe(SMS_DOC_STRING_TO_SIGN);
  });

  it('reproduces the documented SendSms signature', () => {
    expect(signRpcRequest('GET', SMS_DOC_PARAMS, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('reproduces the documented DescribeRegions signature', () => {
    const params = {
      Format: 'XML',
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Version: '2014-05-26',
      Timestamp: '2016-02-23T12:46:24Z',
    };
    expect(signRpcRequest('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('leaves a Signature parameter out of what it signs', () => {
    const withSignature = { ...SMS_DOC_PARAMS, Signature: 'anything' };
    expect(canonicalQuery(withSignature)).toBe(canonicalQuery(SMS_DOC_PARAMS));
    expect(signRpcRequest('GET', withSignature, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('percent-encodes as Aliyun asks (RFC 3986: %20, %2A, ~ kept)', () => {
    expect(percentEncode('a b')).toBe('a%20b');
    expect(percentEncode('*')).toBe('%2A');
    expect(percentEncode("!'()")).toBe('%21%27%28%29');
    expect(percentEncode('-_.~')).toBe('-_.~');
    expect(percentEncode('/=&+')).toBe('%2F%3D%26%2B');
    expect(percentEncode('宝')).toBe('%E5%AE%9D');
  });
});

describe('AliyunSmsSender', () => {
  const message: OutgoingMessage = {
    channel: 'sms',
    to: '13800138000',
    subject: '【宝图】验证码',
    text: '【宝图】您的验证码是 123456，10 分钟内有效。',
    code: '123456',
  };

  function senderWith(respond: (url: string, init: RequestInit) => Promise<Response>) {
    const calls: { url: string; init: RequestInit }[] = [];
    const sender = new AliyunSmsSender({
      accessKeyId: 'LTAI-test',
      accessKeySecret: 'secret-test',
      signName: '宝图',
      templateCode: 'SMS_000001',
      now: () => new Date('2026-01-02T03:04:05.678Z'),
      nonce: () => 'nonce-1',
      fetch: (async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return respond(url, init);
      }) as typeof fetch,
    });
    return { sender, calls };
  }

  const okResponse = () =>
    Promise.resolve(
      new Response(JSON.stringify({ Code: 'OK', Message: 'OK', RequestId: 'r1', BizId: 'b1' }), { status: 200 }),
    );

  it('POSTs a signed SendSms form with the code as the template parameter', async () => {
    const { sender, calls } = senderWith(okResponse);
    await sender.send(message);
    expect(calls).toHaveLength(1);
    const { url, init } = calls[0]!;
    expect(url).toBe(ALIYUN_SMS_ENDPOINT);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/x-www-form-urlencoded');
    const form = Object.fromEntries(new URLSearchParams(init.body as string));
    expect(form).toMatchObject({
      AccessKeyId: 'LTAI-test',
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: '13800138000',
      RegionId: 'cn-hangzhou',
      SignName: '宝图',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: 'nonce-1',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_000001',
      TemplateParam: '{"code":"123456"}',
      Timestamp: '2026-01-02T03:04:05Z',
      Version: '2017-05-25',
    });
    const { Signature, ...signed } = form;
    expect(Signature).toBe(signRpcRequest('POST', signed, 'secret-test'));
    // Nothing but the code leaves: the text is fixed by the approved template.
    expect(init.body as string).not.toContain(encodeURIComponent('分钟'));
  });

  it('reports a refusal by Aliyun as MessageSendError', async () => {
    const { sender } = senderWith(() =>
      Promise.resolve(
        new Response(JSON.stringify({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发天级流控', RequestId: 'r2' }), {
          status: 200,
        }),
      ),
    );
    await expect(sender.send(message)).rejects.toThrow(MessageSendError);
    await expect(sender.send(message)).rejects.toThrow(/isv.BUSINESS_LIMIT_CONTROL/);
  });

  it('reports HTTP errors, non-JSON answers and network failures as MessageSendError', async () => {
    const http500 = senderWith(() => Promise.resolve(new Response('<html>bad gateway</html>', { status: 502 })));
    await expect(http500.sender.send(message)).rejects.toThrow(/http 502/);
    const down = senderWith(() => Promise.reject(new TypeError('fetch failed')));
    await expect(down.sender.send(message)).rejects.toBeInstanceOf(MessageSendError);
  });

  it('sends verification codes by SMS only', async () => {
    const { sender, calls } = senderWith(okResponse);
    await expect(sender.send({ ...message, channel: 'email' })).rejects.toBeInstanceOf(MessageSendError);
    await expect(sender.send({ ...message, code: null })).rejects.toBeInstanceOf(MessageSendError);
    expect(calls).toHaveLength(0);
  });
});
