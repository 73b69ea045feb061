import { ErrorCode, type TAdminMaterial, ADMIN_MATERIAL_ROUTES } from '@gemstock/contract';
import { NO_FACETS } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MaterialEditDrawer } from '@/features/admin/components/material-edit-drawer';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { bindNotifier } from '@/lib/notify';
import { type ApiCall, ok, serveApi, isCall } from './fake-api';

const MATERIAL: TAdminMaterial = {
  sid: 'abc12345',
  format: 'image',
  status: 'ready',
  keywords: ['钻戒'],
  thumbUrl: null,
  coverUrl: null,
  watermarkUrl: null,
  previewUrl: null,
  width: 1600,
  height: 1200,
  durationMs: null,
  aspectRatio: null,
  resolution: null,
  authTypes: [2, 3, 4],
  originalMime: 'image/jpeg',
  originalBytes: 1000,
  likeCount: 0,
  salesCount: 0,
  featured: false,
  disabled: false,
  free: false,
  freeFrom: null,
  freeUntil: null,
  pricesCents: { '2': 32_800 },
  specialPricesCents: {},
  customPriceCents: null,
  remark: null,
  facets: NO_FACETS,
  suggestedFacets: NO_FACETS,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 3,
  review: 'listed',
  reviewReason: null,
  reviewedAt: null,
  similarTo: null,
  licenceWarning: null,
  job: null,
};

const toasts: string[] = [];

function renderDrawer(onClose = vi.fn(), material: TAdminMaterial = MATERIAL) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ConfigProvider locale={zhCN}>
      <App>
        <QueryClientProvider client={client}>
          <MaterialEditDrawer material={material} onClose={onClose} />
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
  return onClose;
}

const remarkBox = () => screen.getByLabelText('备注');
/** antd spaces a two-character label ("保 存"); the role query is slow on a whole drawer. */
const button = (label: string) =>
  screen.getByText(new RegExp(`^${[...label].join('\\s?')}$`)).closest('button') as HTMLButtonElement;
const patches = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PATCH').map((c) => c.body);

beforeEach(() => {
  toasts.length = 0;
  bindNotifier({
    success: (m: unknown) => void toasts.push(String(m)),
    error: (m: unknown) => void toasts.push(String(m)),
    info: (m: unknown) => void toasts.push(String(m)),
    warning: (m: unknown) => void toasts.push(String(m)),
  } as never);
  useAdminSession.getState().setToken('operator-token');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAdminSession.getState().clear();
});

describe('the material edit drawer', () => {
  it('sets the jewellery facets from what the keywords suggest, sending only those', async () => {
    const suggested = { metal: 'platinum', gem: 'diamond', piece: 'ring', scene: 'worn' } as const;
    const calls = serveApi((call) =>
      call.method === 'PATCH' ? ok({ material: { ...MATERIAL, facets: suggested, version: 4 } }) : undefined,
    );
    const onClose = renderDrawer(vi.fn(), { ...MATERIAL, suggestedFacets: suggested });
    expect(screen.getByText('建议：铂金')).toBeTruthy();
    fireEvent.click(screen.getByText('采用关键词建议').closest('button')!);
    fireEvent.click(button('保存'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patches(calls)).toEqual([{ ...suggested, version: 3 }]);
  });

  it('sends only what the operator changed, with the version the form was loaded at', async () => {
    const calls = serveApi((call) =>
      call.method === 'PATCH' ? ok({ material: { ...MATERIAL, remark: '限时特惠', version: 4 } }) : undefined,
    );
    const onClose = renderDrawer();
    fireEvent.change(remarkBox(), { target: { value: '限时特惠' } });
    fireEvent.click(button('保存'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patches(calls)).toEqual([{ remark: '限时特惠', version: 3 }]);
    expect(toasts).toContain('更新成功');
  });

  it('on a save over someone else’s edit, says so and reloads the latest before saving again', async () => {
    const latest = { ...MATERIAL, keywords: ['钻戒', '婚戒'], version: 4 };
    let refused = false;
    const calls = serveApi((call) => {
      if (call.method === 'PATCH' && !refused) {
        refused = true;
        return {
          status: 409,
          body: {
            code: ErrorCode.MATERIAL_EDITED_ELSEWHERE.code,
            data: null,
            message: ErrorCode.MATERIAL_EDITED_ELSEWHERE.message,
          },
        };
      }
      if (call.method === 'PATCH') return ok({ material: { ...latest, remark: '新备注', version: 5 } });
      if (isCall(call, ADMIN_MATERIAL_ROUTES.detail, { id: MATERIAL.sid })) {
        return ok({ material: latest });
      }
      return undefined;
    });
    const onClose = renderDrawer();
    fireEvent.change(remarkBox(), { target: { value: '新备注' } });
    fireEvent.click(button('保存'));
    expect(await screen.findByText('该素材已被他人修改')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(button('重新加载'));
    expect(await screen.findByText('婚戒')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('该素材已被他人修改')).toBeNull());
    expect((remarkBox() as HTMLTextAreaElement).value).toBe('');

    fireEvent.change(remarkBox(), { target: { value: '新备注' } });
    fireEvent.click(button('保存'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patches(calls)).toEqual([
      { remark: '新备注', version: 3 },
      { remark: '新备注', version: 4 },
    ]);
  });

  it('asks before closing with unsaved changes, naming them; closes at once without any', async () => {
    serveApi(() => undefined);
    const onClose = renderDrawer();
    fireEvent.click(button('取消'));
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.change(remarkBox(), { target: { value: '还没保存' } });
    fireEvent.click(button('取消'));
    expect(await screen.findByText('备注的修改尚未保存，关闭后将丢失。')).toBeTruthy();
    expect(screen.getAllByText('放弃未保存的修改？').length).toBeGreaterThan(0);
    fireEvent.click(button('继续编辑'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect((remarkBox() as HTMLTextAreaElement).value).toBe('还没保存');

    fireEvent.click(button('取消'));
    // the first confirm may still be fading out: the new one is the last in the page
    await waitFor(() => expect(screen.getAllByText('放弃未保存的修改？').length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByText('放弃修改').at(-1)!.closest('button')!);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });

  it('saves nothing when nothing changed', async () => {
    const calls = serveApi(() => undefined);
    const onClose = renderDrawer();
    fireEvent.click(button('保存'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patches(calls)).toEqual([]);
    expect(toasts).toContain('没有需要保存的修改');
  });
});
