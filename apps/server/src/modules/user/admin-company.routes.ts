import { ADMIN_COMPANY_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { AdminCompanyService } from './admin-company.module.js';

/** 企业客户: the companies, each one's tabs, and disabling or enabling one of its accounts. */
export async function adminCompanyRoutes(
  app: FastifyInstance,
  { adminCompanies: companies }: { adminCompanies: AdminCompanyService },
) {
  route(app, ADMIN_COMPANY_API.list, async (request) => companies.listCompanies(request.query));
  route(app, ADMIN_COMPANY_API.detail, async (request) => companies.getCompany(request.params.id));
  route(app, ADMIN_COMPANY_API.accounts, async (request) => companies.listAccounts(request.params.id, request.query));
  route(app, ADMIN_COMPANY_API.orders, async (request) => companies.listOrders(request.params.id, request.query));
  route(app, ADMIN_COMPANY_API.invoices, async (request) => companies.listInvoices(request.params.id, request.query));
  route(app, ADMIN_COMPANY_API.ledger, async (request) => companies.listLedger(request.params.id, request.query));
  route(app, ADMIN_COMPANY_API.licences, async (request) => companies.listLicences(request.params.id, request.query));
  route(app, ADMIN_COMPANY_API.demands, async (request) => companies.listDemands(request.params.id, request.query));
  route(app, ADMIN_COMPANY_API.disableAccount, async (request) =>
    companies.disableAccount(request.operator, request.params.id, request.body),
  );
  route(app, ADMIN_COMPANY_API.enableAccount, async (request) =>
    companies.enableAccount(request.operator, request.params.id),
  );
}
