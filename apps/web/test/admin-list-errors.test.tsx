import {
  ADMIN_AUDIT_API,
  ADMIN_COUPON_API,
  ADMIN_DESIGN_API,
  ADMIN_INVOICE_API,
  ADMIN_KEYWORD_API,
  ADMIN_MATERIAL_API,
  ADMIN_OPERATOR_API,
  ADMIN_ORDER_API,
  ADMIN_PAYMENT_API,
  ADMIN_PRIVACY_API,
  ADMIN_REVIEW_API,
  ADMIN_SURVEY_API,
} from '@gemstock/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { type ApiCall, serveApi } from './fake-api';
import { renderConsoleAt } from './render-console';

/** Every list call fails as a server in trouble answers; the frame's own calls are left unanswered (404). */
function failingLists(listPath: string): ApiCall[] {
  return serveApi((call) =>
    call.url.pathname === listPath
      ? { status: 503, body: { code: 1600, data: null, message: '数据库暂时无法访问，请稍后再试' } }
      : undefined,
  );
}

beforeEach(() => {
  useAdminSession.getState().setToken('operator-token');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAdminSession.getState().clear();
});

describe('a console list whose load fails', () => {
  it.each([
    ['/admin/materials', ADMIN_MATERIAL_API.list.path, '素材列表加载失败', '还没有素材'],
    ['/admin/coupons', ADMIN_COUPON_API.list.path, '优惠券列表加载失败', '还没有优惠券'],
    ['/admin/orders', ADMIN_ORDER_API.list.path, '订单列表加载失败', '还没有订单'],
    ['/admin/transfers', ADMIN_ORDER_API.list.path, '对公转账列表加载失败', '没有等待确认的对公转账'],
    ['/admin/payment-exceptions', ADMIN_PAYMENT_API.exceptions.path, '支付异常列表加载失败', '没有待处理的支付异常'],
    ['/admin/invoices', ADMIN_INVOICE_API.list.path, '发票申请加载失败', '没有待开具的发票申请'],
    ['/admin/audit', ADMIN_AUDIT_API.list.path, '操作日志加载失败', '暂无操作记录'],
    ['/admin/demands', ADMIN_DESIGN_API.list.path, '定制需求列表加载失败', '暂无定制需求'],
    ['/admin/surveys', ADMIN_SURVEY_API.list.path, '问卷列表加载失败', '还没有买家参与满意度调查'],
    ['/admin/operators', ADMIN_OPERATOR_API.list.path, '运营账号列表加载失败', '暂无数据'],
    ['/admin/keywords', ADMIN_KEYWORD_API.lists.path, '关键词加载失败', '还没有置顶关键词'],
    ['/admin/review', ADMIN_REVIEW_API.queue.path, '审核列表加载失败', '没有待审核的素材'],
    ['/admin/privacy', ADMIN_PRIVACY_API.list.path, '隐私请求加载失败', '没有待处理的请求'],
  ])('%s says so in place, never "empty", and 重试 asks again', async (page, listPath, failed, empty) => {
    const calls = failingLists(listPath);
    renderConsoleAt(page);
    // a page's code may load on demand first, on a busy machine slowly
    expect(await screen.findByText(failed, {}, { timeout: 10_000 })).toBeTruthy();
    // in the page itself, not (only) in the toast the api-client shows for every failed call
    expect(within(screen.getByRole('main')).getByText('数据库暂时无法访问，请稍后再试')).toBeTruthy();
    expect(screen.queryByText(new RegExp(empty))).toBeNull();

    const asked = calls.filter((c) => c.url.pathname === listPath).length;
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    await vi.waitFor(() => expect(calls.filter((c) => c.url.pathname === listPath).length).toBe(asked + 1));
  });

  it('/admin/operators keeps 新建账号 usable around the failure', async () => {
    failingLists(ADMIN_OPERATOR_API.list.path);
    renderConsoleAt('/admin/operators');
    await screen.findByText('运营账号列表加载失败', {}, { timeout: 10_000 });
    expect(screen.getByRole('button', { name: /新建账号/ })).toBeTruthy();
  });

  it('/admin/surveys shows no averages of answers it could not load', async () => {
    failingLists(ADMIN_SURVEY_API.list.path);
    renderConsoleAt('/admin/surveys');
    await screen.findByText('问卷列表加载失败', {}, { timeout: 10_000 });
    expect(screen.queryByText('答卷数')).toBeNull();
  });
});
