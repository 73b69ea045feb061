import type { Db } from '../db/client.js';
import { outboxMessages } from '../db/schema/index.js';
import type { MessageSender, OutgoingMessage } from './message-sender.js';

/** Keeps messages in the database instead of sending them; read at GET /api/dev/outbox. */
export class DevOutboxSender implements MessageSender {
  constructor(private readonly db: Db) {}

  async send(message: OutgoingMessage): Promise<void> {
    await this.db.insert(outboxMessages).values({
      channel: message.channel,
      recipient: message.to,
      code: message.code,
      text: message.text,
    });
  }
}
