// Without zod: the web app's board pages and the board picker a tile opens read these, and a
// module that builds the schemas would bring zod into their first download.

/** Limits of a company's boards (decision 0047): refused with a code when reached, never cut. */
export const BOARD_LIMITS = {
  boardsPerCompany: 50,
  itemsPerBoard: 200,
  nameMax: 30,
  commentMax: 500,
  commentsPerItem: 200,
  activeSharesPerBoard: 5,
  shareDaysMax: 365,
} as const;

export const BOARD_MESSAGES = {
  name: '请输入收藏夹名称',
  nameMax: `收藏夹名称最多 ${BOARD_LIMITS.nameMax} 个字`,
  comment: '请输入评论内容',
  commentMax: `评论最多 ${BOARD_LIMITS.commentMax} 个字`,
  shareDays: `有效天数为 1 到 ${BOARD_LIMITS.shareDaysMax} 天`,
  token: '分享链接不正确',
} as const;
