import { LIST_COUNT_CAP, type TOverviewCount } from '@gemstock/contract';

/**
 * A to-do figure as 今日待办 and the menu's counters read it: 1,000+ when the server stopped
 * counting at the cap. Here rather than in the page, so the menu does not pull the page's code.
 */
export function overviewCountText(figure: NonNullable<TOverviewCount>): string {
  return figure.capped ? `${LIST_COUNT_CAP.toLocaleString('en-US')}+` : String(figure.count);
}
