import { ConfigError, type Config } from '../config.js';
import type { Db } from '../db/client.js';
import { AliyunSmsSender } from './aliyun-sms.js';
import { DevOutboxSender } from './dev-outbox.js';
import { MessageRouter } from './message-router.js';
import type { MessageSender } from './message-sender.js';
import { SmtpMailer } from './smtp-mailer.js';

function createSmsSender(sms: Config['sms']): AliyunSmsSender {
  const required = {
    SMS_ACCESS_KEY_ID: sms.accessKeyId,
    SMS_ACCESS_KEY_SECRET: sms.accessKeySecret,
    SMS_SIGN_NAME: sms.signName,
    SMS_TEMPLATE_CODE: sms.templateCode,
  };
  const missing = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) throw new ConfigError(`SMS_PROVIDER=aliyun needs ${missing.join(', ')}`);
  return new AliyunSmsSender({
    accessKeyId: sms.accessKeyId!,
    accessKeySecret: sms.accessKeySecret!,
    signName: sms.signName!,
    templateCode: sms.templateCode!,
  });
}

/**
 * Real mail and SMS when configured; otherwise the dev outbox, which exists only outside
 * production. A production server that could not deliver codes refuses to start instead of
 * failing at the first registration.
 */
export function createMessageSender(config: Config, db: Db): MessageSender {
  const outbox = config.devOutbox ? new DevOutboxSender(db) : undefined;

  let email: MessageSender;
  if (config.smtpUrl) email = SmtpMailer.fromUrl(config.smtpUrl, config.smtpFrom);
  else if (outbox) email = outbox;
  else throw new ConfigError('SMTP_URL is required to send verification emails (the dev outbox is off in production)');

  let sms: MessageSender;
  if (config.sms.provider === 'aliyun') sms = createSmsSender(config.sms);
  else if (outbox) sms = outbox;
  else
    throw new ConfigError(
      'SMS_PROVIDER=aliyun (with SMS_ACCESS_KEY_ID, SMS_ACCESS_KEY_SECRET, SMS_SIGN_NAME, SMS_TEMPLATE_CODE) is required to send verification SMS (the dev outbox is off in production)',
    );

  return new MessageRouter({ email, sms });
}
