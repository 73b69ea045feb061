import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { AuditActions } from '@/features/records/components/audit-actions';

const REFUSAL = '超出该子账号本月预算，不能通过审批：本月预算 ¥500.00，已批准 ¥298.00，本单 ¥298.00，尚可批准 ¥202.00';

describe('approving a sub-account’s order over its monthly budget', () => {
  beforeEach(() => {
    // the refusal and the api-client toasts it: antd's static message would outlive the test
    vi.spyOn(notify, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 4140, data: null, message: REFUSAL }), {
            status: 409,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('keeps the refusal, with the amounts, beside the buttons', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <AuditActions orderSid="o1" orderNo="GS1" />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '通过' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(REFUSAL);
    expect(alert.textContent).toContain('每月预算');
  });
});
