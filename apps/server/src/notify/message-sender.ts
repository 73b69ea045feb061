import type { MessageChannel } from '@gemstock/contract';

export interface OutgoingMessage {
  channel: MessageChannel;
  /** Email address or mobile number. */
  to: string;
  subject: string;
  text: string;
  /** The verification code inside `text`, when there is one (SMS templates take it alone). */
  code: string | null;
}

/** Delivers mail and SMS. Production uses SMTP and an SMS provider; the default keeps an outbox. */
export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
}

/** A provider refused a message or could not be reached. */
export class MessageSendError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MessageSendError';
  }
}
