import { type TCompanyRequest, type USER_API, type ZUserResponse, endpointRoute } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import type { Output } from '@/lib/contract-types';
import { useSession } from '@/stores/session';

type TUserResponse = Output<typeof ZUserResponse>;

/** The endpoint by its method and path alone: /user/company-setting loads no zod (src/api/routes.ts). */
const COMPANY = endpointRoute<typeof USER_API.company>('POST', '/api/user/company');

/** POST /api/user/company {company, company_license, company_address} → {user}. */
export function updateCompany(body: TCompanyRequest): Promise<TUserResponse> {
  return callApi(COMPANY, { body });
}

export function useUpdateCompany() {
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: ({ user }) => useSession.getState().setUser(user),
  });
}
