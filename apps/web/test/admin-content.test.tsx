import {
  ADMIN_CONTENT_ROUTES,
  ADMIN_ROUTES,
  type OperatorRole,
  type TContentDocument,
  type TContentVersion,
} from '@gemstock/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { diffLines } from '@/features/admin/lib/line-diff';
import { type ApiCall, type ApiHandler, callsOf, isCall, ok, serveApi } from './fake-api';
import { renderConsoleAt } from './render-console';

const DOCUMENT: TContentDocument = {
  key: 'faq',
  title: '常见问题',
  publishedVersion: 1,
  publishedAt: '2026-11-01T00:00:00.000Z',
  draftVersion: null,
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const V1: TContentVersion = {
  key: 'faq',
  version: 1,
  title: '常见问题',
  state: 'published',
  restoredFrom: null,
  createdBy: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  publishedBy: null,
  publishedAt: '2026-11-01T00:00:00.000Z',
  body: '## 授权\n### 旧问题\n旧答案',
  html: '<h2>授权</h2>',
};

const failure = { status: 503, body: { code: 1600, data: null, message: '数据库暂时无法访问，请稍后再试' } };

let calls: ApiCall[] = [];

function serve(roles: OperatorRole[], handler: ApiHandler = () => undefined) {
  calls = serveApi((call) => {
    if (isCall(call, ADMIN_ROUTES.me)) {
      return ok({
        operator: {
          sid: 'op00000000000001',
          username: 'wang',
          name: '王编辑',
          lastLoginAt: null,
          roles,
          totpEnabled: false,
          mustChangePassword: false,
        },
        warnings: { cluster: null },
      });
    }
    const answer = handler(call);
    if (answer) return answer;
    if (isCall(call, ADMIN_CONTENT_ROUTES.documents)) return ok({ documents: [DOCUMENT] });
    if (isCall(call, ADMIN_CONTENT_ROUTES.version)) return ok(V1);
    if (isCall(call, ADMIN_CONTENT_ROUTES.versions)) return ok({ versions: [V1], nextCursor: null });
    if (isCall(call, ADMIN_CONTENT_ROUTES.preview)) {
      const body = (call.body as { body: string }).body;
      return ok({ html: `<p>预览：${body.split('\n').at(-1)}</p>` });
    }
    if (isCall(call, ADMIN_CONTENT_ROUTES.saveDraft)) {
      const body = call.body as { title: string; body: string };
      return ok({
        ...V1,
        ...body,
        version: 2,
        state: 'draft',
        publishedAt: null,
        publishedBy: null,
        createdBy: '王编辑',
      });
    }
    return undefined;
  });
}

beforeEach(() => {
  useAdminSession.getState().setToken('operator-token');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAdminSession.getState().clear();
});

describe('内容管理', () => {
  it('is in the menu of 内容, edits the Markdown with the server’s preview, and asks before publishing, showing what changes', async () => {
    serve(['content']);
    renderConsoleAt('/admin/content');
    expect(await screen.findByRole('menuitem', { name: /内容管理/ })).toBeTruthy();
    const editor = await screen.findByLabelText('正文（Markdown）');
    fireEvent.change(editor, { target: { value: '## 授权\n### 新问题\n新答案' } });
    expect(await screen.findByText('预览：新答案')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /保存并发布/ }));
    await waitFor(() => expect(callsOf(calls, ADMIN_CONTENT_ROUTES.saveDraft)).toHaveLength(1));
    expect(callsOf(calls, ADMIN_CONTENT_ROUTES.saveDraft)[0]!.body).toMatchObject({ base: 1, title: '常见问题' });
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText(/发布「常见问题」版本 2/).length).toBeGreaterThan(0);
    const changed = within(confirm).getByLabelText('变化的行');
    expect(changed.textContent).toContain('− ### 旧问题');
    expect(changed.textContent).toContain('+ ### 新问题');
    // nothing is published before the operator confirms
    expect(callsOf(calls, ADMIN_CONTENT_ROUTES.publish)).toHaveLength(0);
  });

  it('refuses a body over the limit out loud before sending it', async () => {
    serve(['content']);
    renderConsoleAt('/admin/content');
    const editor = await screen.findByLabelText('正文（Markdown）');
    fireEvent.change(editor, { target: { value: '字'.repeat(60_001) } });
    // under the field (the frame's unanswered calls toast beside it)
    expect((await within(screen.getByRole('main')).findByRole('alert')).textContent).toContain('正文超出 1 个字符');
    expect((screen.getByRole('button', { name: /保存草稿/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says a failed load of the documents in place, with 重试', async () => {
    let fail = true;
    serve(['content'], (call) => (isCall(call, ADMIN_CONTENT_ROUTES.documents) && fail ? failure : undefined));
    renderConsoleAt('/admin/content');
    expect(await screen.findByText('内容列表加载失败')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    expect(await screen.findByLabelText('正文（Markdown）')).toBeTruthy();
  });

  it('is not in the menu of 财务', async () => {
    serve(['finance']);
    renderConsoleAt('/admin/audit');
    await screen.findAllByRole('menuitem');
    expect(screen.queryByRole('menuitem', { name: /内容管理/ })).toBeNull();
  });
});

describe('diffLines', () => {
  it('names the removed and added lines, keeping the rest', () => {
    expect(diffLines('a\nb\nc', 'a\nx\nc')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'x' },
      { kind: 'same', text: 'c' },
    ]);
  });
});
