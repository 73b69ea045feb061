import { bindService } from '../../lib/bind-service.js';
import {
  type AdminCompanyDeps,
  disableAccount,
  enableAccount,
  getCompany,
  listCompaniesForOperator,
  listCompanyAccounts,
  listCompanyDemandsForOperator,
  listCompanyInvoicesForOperator,
  listCompanyLedgerForOperator,
  listCompanyLicencesForOperator,
  listCompanyOrdersForOperator,
} from './admin-company.service.js';

/** 企业客户: finding a company, its tabs, disabling and enabling its accounts; built once, in services.ts. */
export function createAdminCompanyService(deps: AdminCompanyDeps) {
  return bindService(deps, {
    listCompanies: listCompaniesForOperator,
    getCompany,
    listAccounts: listCompanyAccounts,
    listOrders: listCompanyOrdersForOperator,
    listInvoices: listCompanyInvoicesForOperator,
    listLedger: listCompanyLedgerForOperator,
    listLicences: listCompanyLicencesForOperator,
    listDemands: listCompanyDemandsForOperator,
    disableAccount,
    enableAccount,
  });
}

export type AdminCompanyService = ReturnType<typeof createAdminCompanyService>;
