import { API_DOC_PATHS } from '@gemstock/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ApiDocsPage from '@/features/api-docs/routes/api-docs-page';
import { serveApi } from './fake-api';

/** /docs/api: the page loads the OpenAPI document itself and shows a failure in place. */
describe('the API reference page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows it is loading, then a failure in place with 重试, which asks again', async () => {
    const calls = serveApi(() => ({
      status: 503,
      body: { code: 1602, data: null, message: '服务器繁忙，请稍后再试' },
    }));
    render(<ApiDocsPage />);
    expect(screen.getByRole('status').textContent).toContain('正在加载接口说明');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('接口说明加载失败'));
    expect(calls.map((c) => c.url.pathname)).toEqual([API_DOC_PATHS.openapi]);
    expect(document.title).toBe('接口说明 - 宝图');

    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('links the document itself and the site', () => {
    serveApi(() => undefined);
    render(<ApiDocsPage />);
    expect(screen.getByRole('link', { name: 'OpenAPI 3.1 文档（JSON）' }).getAttribute('href')).toBe(
      API_DOC_PATHS.openapi,
    );
    expect(screen.getByRole('link', { name: '宝图' }).getAttribute('href')).toBe('/');
  });
});
