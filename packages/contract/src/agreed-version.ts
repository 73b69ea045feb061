import { z } from './zod-locale.js';

/** A content document's version number (内容管理, docs/decisions/0042). */
export const CONTENT_VERSION_MESSAGE = '版本号不正确';

export const zContentVersion = z.coerce
  .number({ error: CONTENT_VERSION_MESSAGE })
  .int({ error: CONTENT_VERSION_MESSAGE })
  .min(1, { error: CONTENT_VERSION_MESSAGE })
  .max(1_000_000, { error: CONTENT_VERSION_MESSAGE });

/**
 * The version of an agreement the page showed when the user ticked it (registration, the
 * contract dialog, the VIP agreement); optional: without it, the published one is recorded. Its
 * own module, so the order and user schemas do not load the content API's.
 */
export const zAgreedVersion = zContentVersion.optional();
