import { ADMIN_AUDIT_API, type TAuditListResponse } from '@gemstock/contract';
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

const refundEntry: TAuditListResponse = {
  entries: [
    {
      id: 7,
      operatorSid: 'op1',
      operatorName: '王爱丽',
      operatorUsername: 'alice',
      action: 'order.refund',
      entity: 'order',
      entitySid: 'ordersid00000001',
      entityRef: 'GS20261128000001',
      before: { status: 'PAYED' },
      after: {
        status: 'REFUNDED',
        reason: '买家误购',
        channel: 'sandbox',
        refundNo: 'RF2026112800001',
        amountCents: 29_800,
        refundStatus: 'PROCESSING',
        revokedCertificates: ['GS-20261128-KALTDV9N'],
      },
      createdAt: '2026-11-28T10:43:27.000Z',
      archived: false,
    },
  ],
  nextCursor: null,
};

describe('操作日志: what an entry changed, in the operator’s words', () => {
  it('a refund reads as 金额 in yuan, 退款方式, 退款状态 and the certificates that ended — no raw field names', async () => {
    serveApi((call) =>
      call.url.pathname === ADMIN_AUDIT_API.list.path
        ? { body: { code: 0, data: refundEntry, message: 'ok' } }
        : undefined,
    );
    renderConsoleAt('/admin/audit');
    expect(await screen.findByText('¥298.00')).toBeTruthy();
    expect(screen.getByText('原路退回沙箱')).toBeTruthy();
    expect(screen.getByText('退款中')).toBeTruthy();
    expect(screen.getByText('GS-20261128-KALTDV9N')).toBeTruthy();
    for (const label of ['金额：', '退款方式：', '退款单号：', '退款状态：', '终止的授权证书：']) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    for (const raw of ['amountCents：', 'channel：', 'refundNo：', 'refundStatus：', 'revokedCertificates：']) {
      expect(screen.queryByText(raw)).toBeNull();
    }
  });
});

const bulkEntry = (selection: Record<string, unknown>): TAuditListResponse => ({
  entries: [
    {
      id: 8,
      operatorSid: 'op1',
      operatorName: '王爱丽',
      operatorUsername: 'alice',
      action: 'material.bulk_update',
      entity: 'material_bulk_job',
      entitySid: 'bulkjob000000001',
      entityRef: 'bulkjob000000001',
      before: null,
      after: {
        change: { kind: 'free', freeFrom: '2026-12-06T16:00:00.000Z', freeUntil: '2026-12-13T15:00:00.000Z' },
        selection,
        total: 50,
      },
      createdAt: '2026-11-30T00:07:37.000Z',
      archived: false,
    },
  ],
  nextCursor: null,
});

describe('操作日志: a bulk edit reads as its confirmation said it', () => {
  it('the change in China time and the materials picked one by one as a count — no JSON, no field names', async () => {
    const sids = Array.from({ length: 50 }, (_, i) => `material${String(i).padStart(8, '0')}`);
    serveApi((call) =>
      call.url.pathname === ADMIN_AUDIT_API.list.path
        ? { body: { code: 0, data: bulkEntry({ sids }), message: 'ok' } }
        : undefined,
    );
    renderConsoleAt('/admin/audit');
    expect(await screen.findByText('设置免费期 2026-12-07 00:00 至 2026-12-13 23:00')).toBeTruthy();
    expect(screen.getByText('逐个选择的 50 个素材')).toBeTruthy();
    expect(screen.getByText('修改内容：')).toBeTruthy();
    expect(screen.getByText('选择范围：')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/change：|selection：|"kind"|material00000001/);
  });

  it('"all matching" names the filter it froze', async () => {
    serveApi((call) =>
      call.url.pathname === ADMIN_AUDIT_API.list.path
        ? {
            body: {
              code: 0,
              data: bulkEntry({ filter: { q: '婚戒', format: 'image', disabled: false } }),
              message: 'ok',
            },
          }
        : undefined,
    );
    renderConsoleAt('/admin/audit');
    expect(await screen.findByText('全部符合条件的素材（关键词或编号「婚戒」、图片、已上架）')).toBeTruthy();
  });
});
