import { NO_FACETS, type TAdminMaterial } from '@gemstock/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { afterEach, describe, expect, it } from 'vitest';
import { MaterialFlags } from '@/features/admin/components/material-tags';

afterEach(cleanup);

function withWindow(free: boolean): TAdminMaterial {
  return {
    sid: 'mat0000000000001',
    format: 'image',
    status: 'ready',
    keywords: ['钻戒'],
    thumbUrl: null,
    coverUrl: null,
    watermarkUrl: null,
    previewUrl: null,
    width: 3000,
    height: 2000,
    durationMs: null,
    aspectRatio: null,
    resolution: null,
    authTypes: [1, 2, 3, 4],
    originalMime: 'image/jpeg',
    originalBytes: 1000,
    likeCount: 0,
    salesCount: 0,
    featured: false,
    disabled: false,
    free,
    freeFrom: '2026-12-06T16:00:00.000Z',
    freeUntil: '2026-12-13T15:59:00.000Z',
    pricesCents: {},
    specialPricesCents: {},
    customPriceCents: null,
    remark: null,
    facets: NO_FACETS,
    suggestedFacets: NO_FACETS,
    createdAt: '2026-01-21T02:30:00.000Z',
    updatedAt: '2026-01-21T02:30:00.000Z',
    version: 0,
    review: 'listed',
    reviewReason: null,
    reviewedAt: null,
    similarTo: null,
    licenceWarning: null,
    job: null,
  };
}

function renderFlags(material: TAdminMaterial) {
  render(
    <ConfigProvider locale={zhCN}>
      <MaterialFlags material={material} />
    </ConfigProvider>,
  );
}

describe('素材管理 flags: a free period says when it is', () => {
  it('a period still to come shows its dates in China time on hover', async () => {
    renderFlags(withWindow(false));
    fireEvent.mouseEnter(screen.getByText('免费时段'));
    const text = await screen.findByText('免费时段 2026-12-07 00:00 至 2026-12-13 23:59，当前不在时段内');
    // wide enough for the whole period on one line (antd's 250 px broke inside the second date)
    expect((text.closest('.ant-tooltip') as HTMLElement).style.maxWidth).toBe('400px');
  });

  it('a running one says until when', async () => {
    renderFlags(withWindow(true));
    fireEvent.mouseEnter(screen.getByText('免费中'));
    expect(await screen.findByText('免费时段 2026-12-07 00:00 至 2026-12-13 23:59，正在免费')).toBeTruthy();
  });
});
