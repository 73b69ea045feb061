import { ADMIN_KEYWORD_API, type TAdminKeywordsResponse } from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';
import { ADMIN_KEYWORDS_KEY } from './get-keywords';

export type KeywordListKind = 'pinned' | 'curated' | 'blocked';

/** PUT /api/admin/keywords/{pinned|curated|blocked} {keywords}: replaces the list, in this order. */
export function saveKeywords({
  kind,
  keywords,
}: {
  kind: KeywordListKind;
  keywords: string[];
}): Promise<TAdminKeywordsResponse> {
  return callAdminApi(ADMIN_KEYWORD_API[kind], { body: { keywords } });
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
