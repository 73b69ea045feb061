import { ADMIN_MATERIAL_PATHS, type TAdminKeywordsResponse } from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';
import { ADMIN_KEYWORDS_KEY } from './get-keywords';

export type KeywordListKind = 'pinned' | 'curated' | 'blocked';

const LIST_PATHS: Record<KeywordListKind, string> = {
  pinned: ADMIN_MATERIAL_PATHS.pinnedKeywords,
  curated: ADMIN_MATERIAL_PATHS.curatedKeywords,
  blocked: ADMIN_MATERIAL_PATHS.blockedKeywords,
};

/** PUT /api/admin/keywords/{pinned|curated|blocked} {keywords}: replaces the list, in this order. */
export function saveKeywords({ kind, keywords }: { kind: KeywordListKind; keywords: string[] }) {
  const path = LIST_PATHS[kind];
  return adminApi.put<TAdminKeywordsResponse>(path, { keywords });
}

export function useSaveKeywords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveKeywords,
    onSuccess: (data) => {
      queryClient.setQueryData(ADMIN_KEYWORDS_KEY, data);
      void queryClient.invalidateQueries({ queryKey: [ADMIN_SCOPE, 'audit'] });
    },
  });
}
