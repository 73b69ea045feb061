import type { MessageChannel } from '@gemstock/contract';
import type { MessageSender, OutgoingMessage } from './message-sender.js';

/** Hands each message to the sender configured for its channel. */
export class MessageRouter implements MessageSender {
  constructor(private readonly byChannel: Record<MessageChannel, MessageSender>) {}

  send(message: OutgoingMessage): Promise<void> {
    return this.byChannel[message.channel].send(message);
  }
}
