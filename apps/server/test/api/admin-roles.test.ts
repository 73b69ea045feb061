import * as contract from '@gemstock/contract';
import {
  ADMIN_API,
  ADMIN_ORDER_API,
  ErrorCode,
  OperatorRole,
  mayCallWithRoles,
  rolesAdmitted,
  ADMIN_KEYWORD_API,
  ADMIN_OPERATOR_API,
} from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, orders } from '../../src/db/schema/index.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { insertTestOrder } from '../helpers/payment-orders.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { injectApi } from '../helpers/inject-api.js';
import { contractEndpoints } from '../helpers/contract-endpoints.js';

const NOT_ADMIN = [OperatorRole.CONTENT, OperatorRole.FINANCE, OperatorRole.SERVICE] as const;

/** A path with each `:param` filled by a well-formed sid nobody has. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, 'nosuchsid0000000');
}

describe('operator roles, checked on the server for every admin route', () => {
  let t: TestApp;
  const as = {} as Record<OperatorRole, TestOperator>;

  beforeAll(async () => {
    t = await buildTestApp();
    for (const role of Object.values(OperatorRole)) as[role] = await createTestOperator(t, `角色-${role}`, [role]);
  });
  afterAll(async () => t.close());

  const send = (method: string, url: string, operator: TestOperator) =>
    t.call({
      method: method as 'GET',
      url: concrete(url),
      token: operator.token,
      ...(method === 'GET' ? {} : { payload: {} }),
    });

  it('has every operator endpoint of the contract name its roles', () => {
    const operatorEndpoints = contractEndpoints().filter((e) => e.access === 'operator');
    expect(operatorEndpoints.length).toBeGreaterThan(40);
    expect(operatorEndpoints.filter((e) => !e.roles?.length).map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('guards every route under /api/admin/ with roles, endpoints and hand-written uploads alike', () => {
    const registered = new Map(t.app.operatorRoutes.map((r) => [`${r.method} ${r.url}`, r.roles]));
    for (const e of contractEndpoints().filter((x) => x.access === 'operator')) {
      expect(registered.get(`${e.method} ${e.path}`), `${e.method} ${e.path}`).toEqual(rolesAdmitted(e.roles));
    }
    expect(registered.get(`POST ${contract.ADMIN_MATERIAL_PATHS.upload}`)).toEqual([OperatorRole.CONTENT]);
    const uploads = t.app.operatorRoutes.filter((r) => r.method === 'PUT' && /invoices|demands/.test(r.url));
    expect(uploads.map((r) => r.roles).sort()).toEqual([[OperatorRole.FINANCE], [OperatorRole.SERVICE]]);
  });

  it('refuses a role a route does not admit with 2050, naming the roles that may, before anything is read', async () => {
    let refused = 0;
    for (const r of t.app.operatorRoutes) {
      const wrong = NOT_ADMIN.find((role) => !r.roles.includes(role));
      if (!wrong) continue; // every role may call it (its own account, 退出)
      const res = await send(r.method, r.url, as[wrong]);
      expect([`${r.method} ${r.url}`, res.status, res.code]).toEqual([`${r.method} ${r.url}`, 403, 2050]);
      expect(res.message).toMatch(/^您的角色无权执行此操作，需要.*「管理员」角色$/);
      refused += 1;
    }
    expect(refused).toBeGreaterThan(40);
  });

  it('lets through each role a route admits, and 管理员 everywhere', async () => {
    for (const r of t.app.operatorRoutes) {
      // 退出 ends the operator's sessions: it has its own tests.
      if (r.method === ADMIN_API.logout.method && r.url === ADMIN_API.logout.path) continue;
      const admitted = [OperatorRole.ADMIN, ...NOT_ADMIN.filter((role) => r.roles.includes(role))];
      for (const role of admitted) {
        const res = await send(r.method, r.url, as[role]);
        expect([`${r.method} ${r.url}`, role, res.code === 2050 || res.status === 401]).toEqual([
          `${r.method} ${r.url}`,
          role,
          false,
        ]);
      }
    }
  });

  it('a 内容 operator cannot confirm a transfer: nothing changes; 财务 gets past the role check', async () => {
    const { order } = await insertTestOrder(t, { payWay: 'TRANSFER', transferReference: 'REF' });
    const url = contract.endpointUrl(ADMIN_ORDER_API.confirmTransfer, { params: { id: order.sid } });
    const byContent = await t.call({ method: 'POST', url, token: as.content.token, payload: { note: '已到账' } });
    expect([byContent.status, byContent.code]).toEqual([403, ErrorCode.OPERATOR_ROLE_FORBIDDEN.code]);
    expect(byContent.message).toBe('您的角色无权执行此操作，需要「财务」或「管理员」角色');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.sid, order.sid));
    expect(row).toMatchObject({ status: 'CREATED', payTime: null });
    expect(await t.database.db.select().from(auditLogs).where(eq(auditLogs.entitySid, order.sid))).toEqual([]);

    const byFinance = await t.call({ method: 'POST', url, token: as.finance.token, payload: {} });
    expect(byFinance.code).not.toBe(ErrorCode.OPERATOR_ROLE_FORBIDDEN.code);
    expect(byFinance.status).not.toBe(401);
  });

  it('takes a change of roles into account on the next request', async () => {
    const op = await createTestOperator(t, '转岗', [OperatorRole.FINANCE]);
    const url = contract.endpointUrl(contract.ADMIN_INVOICE_API.list);
    expect((await t.call({ method: 'GET', url, token: op.token })).code).toBe(0);
    const admin = as.admin;
    const moved = await injectApi(t, ADMIN_OPERATOR_API.update, {
      params: { id: op.sid },
      body: { roles: ['content'] },
      token: admin.token,
    });
    expect(moved.code).toBe(0);
    expect((await t.call({ method: 'GET', url, token: op.token })).code).toBe(2050);
    expect((await injectApi(t, ADMIN_KEYWORD_API.lists, { token: op.token })).code).toBe(0);
  });

  it('admits 管理员 alone to an endpoint that names no roles', () => {
    expect(rolesAdmitted(undefined)).toEqual([OperatorRole.ADMIN]);
    expect(mayCallWithRoles([OperatorRole.FINANCE, OperatorRole.CONTENT, OperatorRole.SERVICE], undefined)).toBe(false);
    expect(mayCallWithRoles([OperatorRole.ADMIN], [OperatorRole.FINANCE])).toBe(true);
    expect(mayCallWithRoles([], [OperatorRole.FINANCE])).toBe(false);
  });
});
