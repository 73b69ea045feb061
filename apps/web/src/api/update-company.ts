import { type TCompanyRequest, type ZUserResponse, USER_ROUTES } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import type { Output } from '@/lib/contract-types';
import { useSession } from '@/stores/session';

type TUserResponse = Output<typeof ZUserResponse>;

/** POST /api/user/company {company, company_license, company_address} → {user}. */
export function updateCompany(body: TCompanyRequest): Promise<TUserResponse> {
  return callApi(USER_ROUTES.company, { body });
}

export function useUpdateCompany() {
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: ({ user }) => useSession.getState().setUser(user),
  });
}
