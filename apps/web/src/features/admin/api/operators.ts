import {
  ADMIN_OPERATOR_API,
  type TCreateOperatorRequest,
  type TResetOperatorPasswordRequest,
  type TUpdateOperatorRequest,
} from '@gemstock/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

export const ADMIN_OPERATORS_KEY = [ADMIN_SCOPE, 'operators'] as const;

/** GET /api/admin/operators → {operators} (管理员 only; the audit's operator filter reads it too). */
export function useOperators(enabled = true) {
  return useQuery({
    queryKey: ADMIN_OPERATORS_KEY,
    queryFn: ({ signal }) => callAdminApi(ADMIN_OPERATOR_API.list, {}, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_OPERATORS_KEY });

/** POST /api/admin/operators → {operator, password}: the made-up password is shown once. */
export function useCreateOperator() {
  return useMutation({
    mutationFn: (body: TCreateOperatorRequest) => callAdminApi(ADMIN_OPERATOR_API.create, { body }),
    onSuccess: refresh,
  });
}

/** PATCH /api/admin/operators/{id} {name?, roles?, enabled?}. */
export function useUpdateOperator() {
  return useMutation({
    mutationFn: (params: { sid: string; body: TUpdateOperatorRequest }) =>
      callAdminApi(ADMIN_OPERATOR_API.update, { params: { id: params.sid }, body: params.body }),
    onSuccess: refresh,
  });
}

/** POST /api/admin/operators/{id}/reset_password {password?, clearTotp?} → {operator, password}. */
export function useResetOperatorPassword() {
  return useMutation({
    mutationFn: (params: { sid: string; body: TResetOperatorPasswordRequest }) =>
      callAdminApi(ADMIN_OPERATOR_API.resetPassword, { params: { id: params.sid }, body: params.body }),
    onSuccess: refresh,
  });
}
