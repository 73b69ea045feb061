import { ADMIN_AUDIT_API, type TAuditEntry, type TAuditListResponse } from '@gemstock/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { serveApi } from './fake-api';
import { renderConsoleAt } from './render-console';

beforeEach(() => {
  useAdminSession.getState().setToken('operator-token');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAdminSession.getState().clear();
});

const entry = (id: number, entity: string, entitySid: string): TAuditEntry => ({
  id,
  operatorSid: 'op1',
  operatorName: '王爱丽',
  operatorUsername: 'alice',
  action: 'company.disable',
  entity,
  entitySid,
  entityRef: null,
  before: { enabled: true },
  after: { enabled: false },
  createdAt: '2026-11-28T10:43:27.000Z',
  archived: false,
});

const entries: TAuditListResponse = {
  entries: [entry(1, 'company', 'companysid000001'), entry(2, 'user', 'subaccountsid001')],
  nextCursor: null,
};

describe('操作日志: each row links to its object', () => {
  it('a company entry and a sub-account entry open 企业客户 searched by that account’s sid', async () => {
    serveApi((call) =>
      call.url.pathname === ADMIN_AUDIT_API.list.path ? { body: { code: 0, data: entries, message: 'ok' } } : undefined,
    );
    renderConsoleAt('/admin/audit');
    const company = await screen.findByRole('link', { name: '企业客户' }, { timeout: 15_000 });
    expect(company.getAttribute('href')).toBe('/admin/companies?q=companysid000001');
    const subAccount = screen.getByRole('link', { name: '子账号' });
    expect(subAccount.getAttribute('href')).toBe('/admin/companies?q=subaccountsid001');
  });
});
