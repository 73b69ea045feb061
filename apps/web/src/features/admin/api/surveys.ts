import { ADMIN_SURVEY_API } from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

/** GET /api/admin/surveys?page&page_size → {summary, total, surveys}, newest first. */
export function useSurveyAnswers(query: { page: number; page_size: number; cursor?: string | undefined }) {
  return useQuery({
    queryKey: [ADMIN_SCOPE, 'surveys', query],
    queryFn: ({ signal }) => callAdminApi(ADMIN_SURVEY_API.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}
