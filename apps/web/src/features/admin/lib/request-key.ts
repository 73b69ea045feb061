/**
 * A new idempotency key for one confirmation (a refund dialog, a bulk edit): the requests it
 * sends again, by a double click or a retry after a lost answer, do their work once.
 */
export function newRequestKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
