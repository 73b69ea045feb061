import { ADMIN_KEYWORD_API, type TAdminKeywordsResponse } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

export const ADMIN_KEYWORDS_KEY = [ADMIN_SCOPE, 'keywords'] as const;

/** GET /api/admin/keywords → {pinned, curated}. */
export function getKeywords(): Promise<TAdminKeywordsResponse> {
  return callAdminApi(ADMIN_KEYWORD_API.lists);
}

export function useKeywords() {
  return useQuery({ queryKey: ADMIN_KEYWORDS_KEY, queryFn: getKeywords });
}
