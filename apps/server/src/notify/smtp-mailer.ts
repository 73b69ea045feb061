import nodemailer from 'nodemailer';
import { MessageSendError, type MessageSender, type OutgoingMessage } from './message-sender.js';

/** The part of a nodemailer transport used here; tests pass their own. */
export interface MailTransport {
  sendMail(mail: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

/** Sends mail through any SMTP server (Aliyun DirectMail, Tencent exmail, a relay, …). */
export class SmtpMailer implements MessageSender {
  constructor(
    private readonly transport: MailTransport,
    private readonly from: string,
  ) {}

  /** SMTP_URL, e.g. smtps://user:pass@smtpdm.aliyun.com:465 */
  static fromUrl(url: string, from: string): SmtpMailer {
    // Bounded waits: a request must not hang on a mail server that has gone quiet.
    const transport = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return new SmtpMailer(transport, from);
  }

  async send(message: OutgoingMessage): Promise<void> {
    if (message.channel !== 'email') throw new MessageSendError(`SmtpMailer cannot send ${message.channel}`);
    try {
      await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
    } catch (error) {
      throw new MessageSendError('smtp delivery failed', { cause: error });
    }
  }
}
