import { z } from './zod-locale.js';

/** Longest cursor accepted: a time and a sid, encoded. */
const CURSOR_MAX = 200;

/**
 * Where a list goes on: the `nextCursor` of the page before. With a cursor the list answers the
 * rows after that one in its order, whatever arrived or went meanwhile, and `page` is not used.
 */
export const zListCursor = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .string()
    .max(CURSOR_MAX, { error: '分页位置不正确，请从第一页重新查看' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: '分页位置不正确，请从第一页重新查看' })
    .optional(),
);

/** What every keyset-paged list adds to its `total`. */
export const ZListPageInfo = z.object({
  /** More than LIST_COUNT_CAP rows: `total` is the cap. */
  totalCapped: z.boolean(),
  /** Pass as `cursor` for the page after this one; null on the last page. */
  nextCursor: z.string().nullable(),
});
