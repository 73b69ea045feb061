import { ADMIN_COMPANY_API, type TCompanyListQuery, type TDisableAccountRequest } from '@gemstock/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

/** Every 企业客户 query starts with this, so disabling an account refreshes the list and the open company. */
export const ADMIN_COMPANIES_KEY = [ADMIN_SCOPE, 'companies'] as const;

/** GET /api/admin/companies?q&page_size[&cursor] → {total, totalCapped, nextCursor, companies}. */
export function useCompanies(query: TCompanyListQuery) {
  return useQuery({
    queryKey: [...ADMIN_COMPANIES_KEY, 'list', query],
    queryFn: ({ signal }) => callAdminApi(ADMIN_COMPANY_API.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/companies/{id} → {company}: the main account, taxpayer details and wallet balance. */
export function useCompany(sid: string | null) {
  return useQuery({
    queryKey: [...ADMIN_COMPANIES_KEY, 'detail', sid],
    queryFn: ({ signal }) => callAdminApi(ADMIN_COMPANY_API.detail, { params: { id: sid! } }, { signal }),
    enabled: sid !== null,
  });
}

/** The company's lists, one tab each: GET /api/admin/companies/{id}/<tab>?page_size[&cursor]. */
export const COMPANY_TABS = {
  accounts: ADMIN_COMPANY_API.accounts,
  orders: ADMIN_COMPANY_API.orders,
  invoices: ADMIN_COMPANY_API.invoices,
  ledger: ADMIN_COMPANY_API.ledger,
  licences: ADMIN_COMPANY_API.licences,
  demands: ADMIN_COMPANY_API.demands,
} as const;
export type CompanyTab = keyof typeof COMPANY_TABS;

type TabEndpoint = (typeof COMPANY_TABS)[CompanyTab];

export function useCompanyTab(
  endpoint: TabEndpoint,
  sid: string,
  query: { page_size: number; cursor?: string | undefined },
) {
  return useQuery({
    queryKey: [...ADMIN_COMPANIES_KEY, 'tab', sid, endpoint.path, query],
    queryFn: ({ signal }) => callAdminApi(endpoint, { params: { id: sid }, query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_COMPANIES_KEY });

/** POST /api/admin/accounts/{id}/disable {reason} or …/enable → {sid, enabled}. */
export function useSetAccountEnabled() {
  return useMutation({
    mutationFn: (
      change: { sid: string; enabled: true } | { sid: string; enabled: false; body: TDisableAccountRequest },
    ) =>
      change.enabled
        ? callAdminApi(ADMIN_COMPANY_API.enableAccount, { params: { id: change.sid } })
        : callAdminApi(ADMIN_COMPANY_API.disableAccount, { params: { id: change.sid }, body: change.body }),
    onSuccess: refresh,
  });
}
