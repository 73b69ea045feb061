import { LicenceType, MaterialFormat, type TMaterial, MATERIAL_ROUTES, endpointUrl } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { GUEST_VIEWER } from '@/api/material-cache';
import { materialKey } from '@/features/material/api/get-material';
import DetailPage from '@/features/material/routes/detail-page';
import { freeUntilText } from '@/lib/free-period';
import { useSession } from '@/stores/session';
import { materialOf, signIn } from './factories';
import { isCall, ok, serveApi } from './fake-api';

/** The material detail page as a buyer reads it: free offer, the table of the material's format. */

function material(values: Partial<TMaterial>): TMaterial {
  return materialOf({
    keywords: ['钻戒', '婚戒'],
    authType: [LicenceType.EXTENDED, LicenceType.STANDARD, LicenceType.NEW_MEDIA, LicenceType.PREMIUM_CUSTOM],
    height: 4000,
    ...values,
  });
}

/** Answers the free download, the related and similar materials; every other call with the material. */
function serve(detail: TMaterial, similar: TMaterial[] | 'fails' = []) {
  return serveApi((call) => {
    if (isCall(call, MATERIAL_ROUTES.similar)) {
      return similar === 'fails'
        ? { status: 500, body: { code: 1500, data: null, message: '服务器开小差了，请稍后再试' } }
        : ok({ materials: similar });
    }
    if (isCall(call, MATERIAL_ROUTES.freeDownload)) {
      return ok({ url: '/media/original.jpg', expiresAt: '2030-01-01T00:00:00.000Z' });
    }
    if (isCall(call, MATERIAL_ROUTES.related)) return ok({ materials: [], total: 0 });
    return ok(detail);
  });
}

function renderDetail(sid: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AntApp>
        <MemoryRouter initialEntries={[`/detail/${sid}`]}>
          <Routes>
            <Route path="/detail/:sid" element={<DetailPage />} />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('相似素材 on the detail page', () => {
  it('lists the materials that look like this one, in their own section', async () => {
    const twin = material({ sid: 'M-TWIN', keywords: ['相似的戒指'] });
    serve(material({ sid: 'M-ORIGINAL' }), [twin]);
    renderDetail('M-ORIGINAL');
    const section = await screen.findByRole('region', { name: '相似素材' });
    expect(await within(section).findByRole('link', { name: /相似的戒指/ })).toBeTruthy();
  });

  it('shows nothing when there is nothing alike', async () => {
    serve(material({ sid: 'M-ALONE' }), []);
    renderDetail('M-ALONE');
    await screen.findByRole('heading', { level: 1 });
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: '相似素材' })).toBeNull());
  });

  it('offers 重试 when they fail to load', async () => {
    serve(material({ sid: 'M-FAILS' }), 'fails');
    renderDetail('M-FAILS');
    const section = await screen.findByRole('region', { name: '相似素材' });
    expect(await within(section).findByRole('button', { name: /重试/ })).toBeTruthy();
  });
});

describe('a detail page drawn by the server and hydrated', () => {
  it('hydrates without a part to draw again: 相似素材 comes after, not in the server’s drawing', async () => {
    const detail = material({ sid: 'hydrate00000001' });
    serve(detail, [material({ sid: 'hydrate00000002' })]);
    const page = () => {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      client.setQueryData(materialKey(GUEST_VIEWER, detail.sid), detail);
      return (
        <QueryClientProvider client={client}>
          <AntApp>
            <MemoryRouter initialEntries={[`/detail/${detail.sid}`]}>
              <Routes>
                <Route path="/detail/:sid" element={<DetailPage />} />
              </Routes>
            </MemoryRouter>
          </AntApp>
        </QueryClientProvider>
      );
    };
    const container = document.createElement('div');
    container.innerHTML = renderToString(page());
    document.body.append(container);
    expect(container.textContent).not.toContain('相似素材');
    const redrawn = vi.fn();
    await act(async () => {
      hydrateRoot(container, page(), { onRecoverableError: redrawn });
    });
    expect(redrawn).not.toHaveBeenCalled();
    expect(await within(container).findByText('相似素材')).toBeTruthy();
    container.remove();
  });
});

describe('material detail page', () => {
  it('a free material offers 免费下载 with its end date, through the download-only licence and its tick', async () => {
    const freeUntil = '2030-06-30T16:00:00.000Z';
    const calls = serve(material({ free: true, freeFrom: '2026-01-01T00:00:00.000Z', freeUntil }));
    signIn();
    renderDetail('mat0000000000001');

    const offer = await screen.findByRole('region', { name: '限时免费下载' });
    expect(within(offer).getByText(`免费至 ${freeUntilText(freeUntil)}`)).toBeTruthy();
    // the paid licences stay available beside it
    expect(screen.getByRole('radiogroup', { name: '选择授权类型' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /立即购买/ })).toBeTruthy();

    fireEvent.click(within(offer).getByRole('button', { name: /免费下载/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('下载免费素材')).toBeTruthy();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: /同意并下载/ }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/media/original.jpg'));
    const urls = calls.map((call) => `${call.url.pathname}${call.url.search}`);
    expect(urls).toContain(
      endpointUrl(MATERIAL_ROUTES.freeDownload, { params: { id: 'mat0000000000001' }, query: { agree: 1 } }),
    );
  });

  it('a paid material has no free offer', async () => {
    serve(material({}));
    renderDetail('mat0000000000001');
    expect(await screen.findByRole('radiogroup', { name: '选择授权类型' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: '限时免费下载' })).toBeNull();
    expect(screen.queryByRole('button', { name: /免费下载/ })).toBeNull();
  });

  it('a video shows the video licence table: online and outdoor uses, resolution rules, no print', async () => {
    serve(
      material({
        format: MaterialFormat.VIDEO,
        width: 1920,
        height: 1080,
        authType: [LicenceType.STANDARD, LicenceType.NEW_MEDIA, LicenceType.PREMIUM_CUSTOM],
        extra: { duration: 8, aspect_ratio: '16:9', resolution: '1080p' },
      }),
    );
    renderDetail('mat0000000000001');
    const table = await screen.findByRole('radiogroup', { name: '选择授权类型' });
    expect(within(table).getAllByText('网络、户外广告及线下大屏播放').length).toBe(2);
    expect(within(table).getByText('网络及户外广告')).toBeTruthy();
    expect(within(table).getByText('分辨率 ≥ 1080p')).toBeTruthy();
    expect(within(table).getByText('视频分辨率 1080p，低于该授权要求的 1440p')).toBeTruthy();
    expect(table.textContent).not.toMatch(/印刷|px/);
  });

  it('高级定制授权 says what it delivers now and that customization goes through 定制', async () => {
    serve(material({}));
    renderDetail('mat0000000000001');
    const table = await screen.findByRole('radiogroup', { name: '选择授权类型' });
    expect(table.textContent).not.toContain('含产品、Logo 及文案替换');
    expect(within(table).getByText(/含本素材一次高级定制，无需另付/)).toBeTruthy();
  });
});
