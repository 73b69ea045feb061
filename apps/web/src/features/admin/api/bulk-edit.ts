import {
  ADMIN_MATERIAL_BULK_ROUTES,
  MaterialBulkJobMachine,
  type TBulkEditRequest,
  type TBulkJobResponse,
} from '@gemstock/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

/** POST /api/admin/materials/bulk: the change is checked against every material before the job starts. */
export function startBulkEdit(body: TBulkEditRequest): Promise<TBulkJobResponse> {
  return callAdminApi(ADMIN_MATERIAL_BULK_ROUTES.start, { body });
}

export function useStartBulkEdit() {
  return useMutation({ mutationFn: startBulkEdit });
}

/**
 * A bulk edit's progress, asked every second while it runs; once it has ended, everything the
 * console shows of materials is asked again.
 */
export function useBulkJob(sid: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [ADMIN_SCOPE, 'bulk-job', sid],
    enabled: sid !== null,
    queryFn: async () => {
      const { job } = await callAdminApi(
        ADMIN_MATERIAL_BULK_ROUTES.job,
        { params: { id: sid ?? '' } },
        { quiet: true },
      );
      if (!MaterialBulkJobMachine.may('poll', job.status)) {
        void queryClient.invalidateQueries({ queryKey: [ADMIN_SCOPE, 'materials'] });
      }
      return job;
    },
    refetchInterval: (q) => (q.state.data && !MaterialBulkJobMachine.may('poll', q.state.data.status) ? false : 1000),
  });
}
