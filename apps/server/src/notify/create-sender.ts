import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { DevOutboxSender } from './dev-outbox.js';
import type { MessageSender } from './message-sender.js';

/** Real mail/SMS when configured; otherwise the dev outbox (development only). */
export function createMessageSender(config: Config, db: Db): MessageSender {
  return new DevOutboxSender(db);
}
