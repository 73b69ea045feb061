import { createHmac } from 'node:crypto';
import { BufferedWriter } from '../../lib/buffered-writer.js';

export interface SearchLogEntry {
  keyword: string;
  userSid: string | null;
  /** Tells searchers apart for the hot-keyword rule (see searcherKeyOf). */
  searcherKey: string | null;
  resultCount: number;
  createdAt: Date;
}

/**
 * Who searched, for counting different searchers: the account, or for a visitor a keyed hash of
 * the client address (the log never holds the address itself).
 */
export function searcherKeyOf(userSid: string | null, ip: string, secret: Uint8Array): string {
  if (userSid) return `user:${userSid}`;
  return `ip:${createHmac('sha256', secret).update(`gemstock/searcher/v1\n${ip}`).digest('hex').slice(0, 24)}`;
}

/**
 * Search-log rows, written a moment after the search in one INSERT (lib/buffered-writer.ts):
 * hot keywords and the 数据看板's search figures read them.
 */
export class SearchLogWriter extends BufferedWriter<SearchLogEntry> {}
