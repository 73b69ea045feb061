import { MAX_LENGTH, MESSAGES } from '@gemstock/contract';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type AppNavigationState, SEARCH_PARAM, paths } from '@/config/paths';
import { carriedSearch } from '@/lib/query-carry';

/**
 * A typed keyword longer than the search takes is refused with the browser's own message on the
 * box (the search boxes carry no component library), never cut short: true when refused. The
 * box's onChange clears the message (`box.setCustomValidity('')`) so the next submit checks again.
 */
export function refuseLongKeyword(box: HTMLInputElement | null, typed: string): boolean {
  const tooLong = typed.trim().length > MAX_LENGTH.keyword;
  if (tooLong && box) {
    box.setCustomValidity(MESSAGES.keywordTooLong);
    box.reportValidity();
  }
  return tooLong;
}

/**
 * Search from anywhere (spec §2): on home the keyword replaces the current search; elsewhere we
 * go home carrying the search value. Campaign parameters such as `source` are kept.
 */
export function useSearchNavigation() {
  const navigate = useNavigate();
  const location = useLocation();

  const search = useCallback(
    (raw: string) => {
      const keyword = raw.trim();
      const onHome = location.pathname === paths.home;
      // on home the browse state (sort, filters) stays; a new search starts at page 1
      const params = new URLSearchParams(onHome ? location.search : carriedSearch(location.search));
      params.delete('page');
      if (keyword) params.set(SEARCH_PARAM, keyword);
      else params.delete(SEARCH_PARAM);
      const query = params.toString();
      const state: AppNavigationState = { carryQuery: false };
      void navigate({ pathname: paths.home, search: query ? `?${query}` : '' }, { state });
    },
    [navigate, location.pathname, location.search],
  );

  /** The logo: home with the search cleared. */
  const goHome = useCallback(() => {
    const state: AppNavigationState = { carryQuery: false };
    void navigate({ pathname: paths.home, search: carriedSearch(location.search) }, { state });
  }, [navigate, location.search]);

  return { search, goHome };
}
