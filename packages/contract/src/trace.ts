import { OperatorRole } from './operator-roles.js';

/*
 * 溯源's limits and who may use it, without zod: the console's menu reads them
 * (docs/decisions/0049-a-trace-on-delivered-originals.md).
 */

/** Who may trace: 内容 (rights over the catalogue) and 客服 (a buyer's or a rights holder's complaint); 管理员 always. */
export const ADMIN_TRACE_ACCESS = { roles: [OperatorRole.CONTENT, OperatorRole.SERVICE] } as const;

/** The types a copy may be: what browsers and the picture pipeline read. */
export const TRACE_COPY_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** A copy larger than this is not a picture found online (and is not decoded). */
export const TRACE_COPY_MAX_BYTES = 20 * 1024 * 1024;
/** A copy smaller than this on its shorter side carries too few cells to read. */
export const TRACE_COPY_MIN_SIDE = 64;
