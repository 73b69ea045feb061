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
