import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import type { Db } from '../../src/db/client.js';
import { outboxMessages } from '../../src/db/schema/index.js';
import { createMessageSender } from '../../src/notify/create-sender.js';
import { MessageSendError } from '../../src/notify/message-sender.js';
import { SmtpMailer } from '../../src/notify/smtp-mailer.js';
import { countRows, sendCode, uniqueEmail, uniqueMobile } from '../helpers/accounts.js';
import { TEST_JWT_SECRET, buildTestApp, type TestApp } from '../helpers/test-app.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example.cn',
  JWT_SECRET: 'p'.repeat(40),
  LOG_LEVEL: 'silent',
  DATA_DIR: '/tmp/gemstock-test-data',
};
const ALIYUN = {
  SMS_PROVIDER: 'aliyun',
  SMS_ACCESS_KEY_ID: 'id',
  SMS_ACCESS_KEY_SECRET: 'secret',
  SMS_SIGN_NAME: '宝图',
  SMS_TEMPLATE_CODE: 'SMS_1',
};
const noDb = {} as Db;

/** Just enough SMTP to take one message at a time; keeps what it received. */
function startFakeSmtp(): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            socket.write('250 queued\r\n');
          } else current += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          inData = true;
          current = '';
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, received }));
  });
}

describe('createMessageSender', () => {
  it('refuses to start in production without SMTP_URL', () => {
    const config = loadConfig({ ...PRODUCTION, ...ALIYUN });
    expect(() => createMessageSender(config, noDb)).toThrow(ConfigError);
    expect(() => createMessageSender(config, noDb)).toThrow(/SMTP_URL/);
  });

  it('refuses to start in production without an SMS provider', () => {
    const config = loadConfig({ ...PRODUCTION, SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(() => createMessageSender(config, noDb)).toThrow(/SMS_PROVIDER=aliyun/);
  });

  it('names the Aliyun settings that are missing', () => {
    const config = loadConfig({
      ...PRODUCTION,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SMS_PROVIDER: 'aliyun',
      SMS_ACCESS_KEY_ID: 'id',
    });
    expect(() => createMessageSender(config, noDb)).toThrow(
      'SMS_PROVIDER=aliyun needs SMS_ACCESS_KEY_SECRET, SMS_SIGN_NAME, SMS_TEMPLATE_CODE',
    );
  });

  it('starts in production with both configured', () => {
    const config = loadConfig({ ...PRODUCTION, ...ALIYUN, SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(() => createMessageSender(config, noDb)).not.toThrow();
  });

  it('uses the outbox in development when nothing is configured, and refuses when the outbox is off', () => {
    const dev = loadConfig(
      { NODE_ENV: 'development', DATA_DIR: '/tmp/gemstock-test-data' },
      { jwtSecret: TEST_JWT_SECRET },
    );
    expect(() => createMessageSender(dev, noDb)).not.toThrow();
    const noOutbox = loadConfig(
      { NODE_ENV: 'development', DATA_DIR: '/tmp/gemstock-test-data', DEV_OUTBOX: 'false' },
      { jwtSecret: TEST_JWT_SECRET },
    );
    expect(() => createMessageSender(noOutbox, noDb)).toThrow(/SMTP_URL/);
  });
});

describe('SmtpMailer', () => {
  it('wraps transport failures in MessageSendError', async () => {
    const mailer = new SmtpMailer({ sendMail: () => Promise.reject(new Error('ECONNREFUSED')) }, 'from@example.com');
    await expect(
      mailer.send({ channel: 'email', to: 'a@example.com', subject: 's', text: 't', code: '1' }),
    ).rejects.toBeInstanceOf(MessageSendError);
  });
});

describe('sending codes through SMTP (SMTP_URL set), SMS through the outbox', () => {
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
    t = await buildTestApp(
      { smtpUrl, smtpFrom: '宝图 <no-reply@example.com>' },
      { messages: (db, config) => createMessageSender(config, db) },
    );
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => smtp.server.close(resolve));
  });

  it('delivers the email by SMTP and keeps it out of the outbox', async () => {
    const email = uniqueEmail('smtp');
    const res = await sendCode(t, { email });
    expect(res.code).toBe(0);
    expect(smtp.received).toHaveLength(1);
    const raw = smtp.received[0]!;
    expect(raw).toContain(`To: ${email}`);
    expect(raw).toMatch(/From: =\?UTF-8\?.+<no-reply@example\.com>/);
    const [headers = '', ...bodyParts] = raw.split('\n\n');
    const body = bodyParts.join('\n\n');
    const text = /Content-Transfer-Encoding: base64/i.test(headers)
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : body;
    expect(text.trim()).toMatch(/^【宝图】您的验证码是 \d{6}，10 分钟内有效。$/);
    expect(await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email))).toHaveLength(
      0,
    );
  });

  it('still keeps SMS in the outbox', async () => {
    const mobile = uniqueMobile();
    expect((await sendCode(t, { mobile })).code).toBe(0);
    expect(await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, mobile))).toHaveLength(
      1,
    );
  });
});

describe('when the SMTP server cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port nobody listens on: connection refused at once.
    const closed = await startFakeSmtp();
    const port = closed.port;
    await new Promise((resolve) => closed.server.close(resolve));
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    t = await buildTestApp({ smtpUrl }, { messages: (db, config) => createMessageSender(config, db) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 502 / 1013 and keeps no code', async () => {
    const res = await sendCode(t, { email: uniqueEmail() });
    expect(res.status).toBe(502);
    expect(res.code).toBe(1013);
    expect(await countRows(t, 'verification_codes')).toBe(0);
  });
});
